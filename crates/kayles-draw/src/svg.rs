//! A small SVG writer: elements appended to a string, text escaped, numbers rounded to
//! one decimal (the pictures stay small and byte-for-byte reproducible).

use std::fmt::Write;

/// An RGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Dark or light ink, whichever reads on this fill.
    pub fn ink(self) -> Rgb {
        let luma =
            0.299 * f64::from(self.0) + 0.587 * f64::from(self.1) + 0.114 * f64::from(self.2);
        if luma > 140.0 {
            INK
        } else {
            WHITE
        }
    }
}

/// Text and outlines.
pub const INK: Rgb = Rgb(0x22, 0x22, 0x22);
/// The page.
pub const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
/// Row and column headers, secondary text.
pub const FAINT: Rgb = Rgb(0x75, 0x75, 0x75);
/// Grid lines.
pub const LINES: Rgb = Rgb(0xd0, 0xd0, 0xd0);
/// Vertices and cells no longer in play.
pub const GONE: Rgb = Rgb(0xbd, 0xbd, 0xbd);

/// Escapes text for an attribute or an element's content.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG wants it: at most one decimal, no `-0`.
pub fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// A rough width of `text` at `size` pixels in sans-serif (digits and small letters are
/// about 0.6 em): the same estimate places labels and checks them in the tests.
pub fn text_width(text: &str, size: f64) -> f64 {
    0.6 * size * text.chars().count() as f64
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document of `width` by `height` pixels on a white page.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">",
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(width),
            num(height)
        );
        Svg { out }
    }

    /// Appends raw markup.
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Opens a group with these attributes (already escaped by the caller where needed).
    pub fn open(&mut self, attrs: &str) {
        let _ = writeln!(self.out, "<g {attrs}>");
    }

    /// Closes the innermost group.
    pub fn close(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// A rectangle; `stroke` is a colour and a width.
    pub fn rect(
        &mut self,
        (x, y, w, h): (f64, f64, f64, f64),
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f64)>,
        extra: &str,
    ) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            num(x),
            num(y),
            num(w),
            num(h)
        );
        self.paint(fill, stroke);
        let _ = writeln!(self.out, "{extra}/>");
    }

    /// A circle.
    pub fn circle(
        &mut self,
        (x, y): (f64, f64),
        r: f64,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f64)>,
    ) {
        let _ = write!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
            num(x),
            num(y),
            num(r)
        );
        self.paint(fill, stroke);
        self.out.push_str("/>\n");
    }

    /// A straight line.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: (Rgb, f64), extra: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{extra}/>",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            stroke.0.hex(),
            num(stroke.1)
        );
    }

    /// Text at `(x, y)` in this size and colour; `anchor` is `start`, `middle` or `end`, and the text is centred
    /// vertically on `y`.
    pub fn text(
        &mut self,
        (x, y): (f64, f64),
        (size, colour): (f64, Rgb),
        anchor: &str,
        bold: bool,
        text: &str,
        extra: &str,
    ) {
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"{anchor}\" \
             {weight}{extra}>{}</text>",
            num(x),
            num(y + 0.35 * size),
            num(size),
            colour.hex(),
            escape(text)
        );
    }

    fn paint(&mut self, fill: Option<Rgb>, stroke: Option<(Rgb, f64)>) {
        match fill {
            Some(c) => {
                let _ = write!(self.out, " fill=\"{}\"", c.hex());
            }
            None => self.out.push_str(" fill=\"none\""),
        }
        if let Some((c, w)) = stroke {
            let _ = write!(
                self.out,
                " stroke=\"{}\" stroke-width=\"{}\"",
                c.hex(),
                num(w)
            );
        }
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

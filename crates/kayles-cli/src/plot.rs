//! The terms of a sequence as an SVG scatter plot (`kayles seq --plot`), drawn in memory
//! and written as an output file (`kayles_solve::output_file`).

use anyhow::Result;
use std::path::Path;

/// Writes the terms as an SVG scatter plot.
pub fn plot(path: &Path, title: &str, terms: &[(usize, u64)]) -> Result<()> {
    use plotters::prelude::*;
    let n_max = terms.iter().map(|t| t.0).max().unwrap_or(1).max(1);
    let v_max = terms.iter().map(|t| t.1).max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 540)).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 24))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(48)
            .build_cartesian_2d(0..n_max + 1, 0..v_max + 1)
            .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
        chart
            .configure_mesh()
            .x_desc("n")
            .y_desc("nimber")
            .draw()
            .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
        chart
            .draw_series(
                terms
                    .iter()
                    .map(|&(n, v)| Circle::new((n, v), 3, BLUE.filled())),
            )
            .map_err(|e| anyhow::anyhow!("plot: {e}"))?;
        root.present()
            .map_err(|e| anyhow::anyhow!("plot {}: {e}", path.display()))?;
    }
    kayles_solve::output_file::write(path, svg.as_bytes())
}

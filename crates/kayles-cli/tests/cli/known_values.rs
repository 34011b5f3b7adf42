//! The corpus of known values (`fixtures/known/`) through the command: `kayles nimber`
//! (each engine, both methods) and `kayles histogram` on every graph, `kayles seq` on every
//! sequence (search, and the A316629 recurrence).

use super::stdout;
use crate::known;

#[test]
fn nimber_and_histogram_of_every_known_graph() {
    let values = known::values();
    for game in ["node", "arc"] {
        let of_game: Vec<_> = values.iter().filter(|v| v.game == game).collect();
        let graphs: Vec<&str> = of_game.iter().map(|v| v.graph.as_str()).collect();
        for extra in [
            &["--engine", "auto"][..],
            &["--engine", "search", "--method", "mex"],
            &["--engine", "modules"],
        ] {
            let mut args = vec!["nimber", "--game", game];
            args.extend_from_slice(extra);
            args.extend_from_slice(&graphs);
            let got: Vec<u32> = stdout(&args).lines().map(|l| l.parse().unwrap()).collect();
            let want: Vec<u32> = of_game.iter().map(|v| v.nimber).collect();
            assert_eq!(got, want, "kayles nimber --game {game} {extra:?}");
        }
        for v in &of_game {
            let line = stdout(&["histogram", "--game", game, &v.graph]);
            let counts: Vec<u128> = line
                .split_whitespace()
                .map(|kv| kv.split_once(':').unwrap().1.parse().unwrap())
                .collect();
            assert_eq!(counts, v.histogram, "kayles histogram {} ({game})", v.graph);
        }
    }
}

#[test]
fn seq_of_every_known_sequence() {
    for seq in known::sequences() {
        let recurrence = seq.template == "linked-c4";
        let first = seq.first.max(1);
        let known_last = seq.first + seq.terms.len() - 1;
        let last = if recurrence {
            known_last
        } else {
            known_last.min(first + 9)
        };
        let (from, to) = (first.to_string(), last.to_string());
        let mut args = vec!["seq", &seq.template, "--from", &from, "--terms", &to];
        if recurrence {
            args.extend(["--method", "recurrence"]);
        }
        let got: Vec<(usize, u32)> = stdout(&args)
            .lines()
            .map(|l| {
                let (n, v) = l.split_once(' ').unwrap();
                (n.parse().unwrap(), v.parse().unwrap())
            })
            .collect();
        let want: Vec<(usize, u32)> = seq
            .up_to(last)
            .into_iter()
            .filter(|&(n, _)| n >= first)
            .collect();
        assert_eq!(got, want, "kayles {args:?}: {}", seq.source);
    }
}

//! The web explorer's engine: the `kayles` engine compiled to WebAssembly, exported to
//! JavaScript with wasm-bindgen. The page (`www/`, built by `cargo xtask web`) loads it in
//! a Web Worker and asks it, through [`WebGame`], for a position's legal moves, each
//! move's value one at a time (so the page shows progress and can stop), the picture of
//! the position (`kayles_draw::draw`, the drawing code of `kayles moves --svg`), the
//! engine's reply, undo and redo. Answers cross to JavaScript as JSON text; errors as
//! exceptions carrying a one-line message.
//!
//! [`Explorer`] is the same game in plain Rust, which the native tests drive.

pub mod explorer;

pub use explorer::{parse_game, parse_graph, Explorer, MAX_EDGES, MAX_ORDER};

use kayles_core::moves::Move;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// A game in progress, for JavaScript: an [`Explorer`] with the values found so far.
#[wasm_bindgen]
pub struct WebGame {
    explorer: Explorer,
    /// The value after each legal move of the position left, where found.
    values: Vec<Option<u32>>,
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

fn move_json(explorer: &Explorer, mv: Move) -> Value {
    let vertices = match mv {
        Move::Vertex(v) => json!(v),
        Move::Edge(u, v) => json!([u, v]),
    };
    json!({ "move": vertices, "label": explorer.name(mv) })
}

impl WebGame {
    fn reset_values(&mut self) {
        self.values = vec![None; self.explorer.legal_moves().len()];
    }

    fn picture(&self) -> kayles_draw::Picture {
        let explorer = &self.explorer;
        let graph = explorer.graph();
        let position = explorer.position();
        let game = explorer.game();
        let moves = explorer
            .legal_moves()
            .into_iter()
            .zip(&self.values)
            .map(|(mv, &value)| kayles_draw::MoveValue { mv, value })
            .collect();
        kayles_draw::Picture {
            title: format!("{} on {}", game.title(), explorer.spec()),
            spec: explorer.spec().to_string(),
            game,
            order: graph.order(),
            edges: graph.edges(),
            in_play: (0..graph.order()).map(|v| position.contains(v)).collect(),
            moves,
        }
    }
}

#[wasm_bindgen]
impl WebGame {
    /// The game `game` (`node` or `arc`) on the graph `spec` (a family spec or graph6),
    /// after the moves of the comma-separated list `moves` (as in the page's URL).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, game: &str, moves: &str) -> Result<WebGame, JsError> {
        let game = parse_game(game).map_err(error)?;
        let mut explorer = Explorer::new(spec, game).map_err(error)?;
        explorer.play_list(moves).map_err(error)?;
        let mut web = WebGame {
            explorer,
            values: Vec::new(),
        };
        web.reset_values();
        Ok(web)
    }

    /// The position as JSON: `spec`, `game`, `order`, `edges`, `history` (move names),
    /// `can_undo`, `can_redo`, `moves` (each legal move: `move`, `label`, and `value` and
    /// `wins` once found), `nimber` (once every value is found), `over`.
    pub fn state(&self) -> String {
        let explorer = &self.explorer;
        let moves: Vec<Value> = explorer
            .legal_moves()
            .into_iter()
            .zip(&self.values)
            .map(|(mv, value)| {
                let mut entry = move_json(explorer, mv);
                if let Some(value) = value {
                    entry["value"] = json!(value);
                    entry["wins"] = json!(*value == 0);
                }
                entry
            })
            .collect();
        let nimber = self
            .values
            .iter()
            .copied()
            .collect::<Option<Vec<u32>>>()
            .map(kayles_core::mex::of_values);
        let history: Vec<String> = explorer
            .history()
            .iter()
            .map(|&mv| explorer.name(mv))
            .collect();
        json!({
            "spec": explorer.spec(),
            "game": explorer.game().name(),
            "order": explorer.graph().order(),
            "edges": explorer.graph().size(),
            "history": history,
            "can_undo": !explorer.history().is_empty(),
            "can_redo": explorer.can_redo(),
            "moves": moves,
            "nimber": nimber,
            "over": moves.is_empty(),
        })
        .to_string()
    }

    /// The number of legal moves of the position left.
    pub fn move_count(&self) -> usize {
        self.values.len()
    }

    /// Finds the value after the `index`-th legal move (kept for [`state`](Self::state)
    /// and the picture) and returns it.
    pub fn find_value(&mut self, index: usize) -> Result<u32, JsError> {
        let mv = *self
            .explorer
            .legal_moves()
            .get(index)
            .ok_or_else(|| error(format!("no move {index}")))?;
        let value = self.explorer.value_after(mv).map_err(error)?.value;
        self.values[index] = Some(value);
        Ok(value)
    }

    /// Plays the move named `name` (`r1c2`, `0-1`, ...).
    pub fn play(&mut self, name: &str) -> Result<(), JsError> {
        let mv = self.explorer.parse_move(name).map_err(error)?;
        self.explorer.play(mv).map_err(error)?;
        self.reset_values();
        Ok(())
    }

    /// The engine's reply (the rule of `kayles play`), played: JSON `{"label", "wins"}`,
    /// or `null` when no move is left.
    pub fn reply(&mut self) -> Result<String, JsError> {
        let choice = self.explorer.engine_move().map_err(error)?;
        Ok(match choice {
            Some(choice) => {
                let label = self.explorer.name(choice.mv);
                self.explorer.play(choice.mv).map_err(error)?;
                self.reset_values();
                json!({ "label": label, "wins": choice.wins }).to_string()
            }
            None => "null".into(),
        })
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        let done = self.explorer.undo();
        self.reset_values();
        done
    }

    /// Plays the last undone move again; false when there is none.
    pub fn redo(&mut self) -> bool {
        let done = self.explorer.redo();
        self.reset_values();
        done
    }

    /// The moves played, comma separated (for the page's URL).
    pub fn moves_text(&self) -> String {
        let explorer = &self.explorer;
        explorer
            .history()
            .iter()
            .map(|&mv| explorer.name(mv))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The picture of the position with the values found so far (SVG text): every move a
    /// group `<g class="move" data-move="NAME" data-value="V">`, `move win` when it wins.
    pub fn svg(&self) -> String {
        kayles_draw::draw(&self.picture())
    }
}

/// The nimber of `game` on the graph `spec` (for the tests that compare the wasm engine
/// with the native one).
#[wasm_bindgen]
pub fn nimber(spec: &str, game: &str) -> Result<u32, JsError> {
    let game = parse_game(game).map_err(error)?;
    Explorer::new(spec, game)
        .and_then(|mut explorer| explorer.nimber())
        .map_err(error)
}

/// `kayles moves --json`'s object for `game` on `spec` (graph, game, nimber, and every move
/// with its value, whether it wins, its label).
#[wasm_bindgen]
pub fn moves_json(spec: &str, game: &str) -> Result<String, JsError> {
    let game = parse_game(game).map_err(error)?;
    let mut explorer = Explorer::new(spec, game).map_err(error)?;
    let options = explorer.values().map_err(error)?;
    let moves: Vec<Value> = options
        .moves
        .iter()
        .map(|m| {
            let mut entry = move_json(&explorer, m.mv);
            entry["value"] = json!(m.value);
            entry["wins"] = json!(m.wins());
            entry
        })
        .collect();
    Ok(json!({
        "graph": explorer.spec(),
        "game": game.name(),
        "nimber": options.nimber,
        "moves": moves,
    })
    .to_string())
}

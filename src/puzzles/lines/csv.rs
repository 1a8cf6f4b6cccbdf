//! The shapes of CSV lines: their fields, which field holds the puzzle
//! (by a header's column names, or by the fields' own shape), headers, and
//! the rows of a numeric grid as a spreadsheet writes them.

use super::grid::{grid_row_side, is_valid_puzzle_line};
use super::strip_comment;
use crate::puzzles::sudoku::{shape_of_side, Grid};

/// What separates the fields of a CSV line: commas, semicolons (as
/// spreadsheets write CSV in many locales) or tabs.
pub(crate) const CSV_SEPARATORS: [char; 3] = [',', ';', '\t'];

/// Whether `line` may be a CSV line: it has a field separator, or is one
/// quoted field.
pub(crate) fn is_csv_like(line: &str) -> bool {
    line.contains(CSV_SEPARATORS) || line.starts_with('"')
}

/// If `line` is a row of a numeric grid written as CSV (`5,3,0,0,7,...`:
/// as many fields as a grid has columns, each a number up to that side,
/// `.`, or empty for a blank (a spreadsheet's empty cell), and maybe an
/// empty field after the last, as some spreadsheets write a trailing
/// separator): the row with blanks between its cells instead.
///
/// n² fields are always n² cells, the last maybe empty; n² + 1 fields
/// ending in an empty one are n² cells and a trailing separator (n² + 1
/// is never a grid's side, so the two never meet).
pub fn csv_grid_row(line: &str) -> Option<String> {
    csv_row(line, false)
}

/// As [`csv_grid_row`], empty fields also taken for blank cells, as a
/// spreadsheet writes them (`5,3,,,7,,,,`): read so only where a grid is,
/// since `1,,,` may as well be a CSV record missing its fields.
pub(crate) fn csv_row_with_blanks(line: &str) -> Option<String> {
    csv_row(line, true)
}

/// The numeric grid row of CSV row `line`, empty fields taken for blank
/// cells when `blanks` says so (and otherwise not cells).
fn csv_row<'a>(line: &'a str, blanks: bool) -> Option<String> {
    // One byte scan rules out the usual line (this runs on every line).
    memchr::memchr2(b',', b';', line.as_bytes())?;
    let mut fields: Vec<&str> = csv_fields(strip_comment(line)).collect();
    // A trailing separator (`1,2,...,9,`) ends many a spreadsheet's rows:
    // its empty field is no cell when the other fields make a row, unless
    // the fields with it make one too and those without it do not make a
    // grid of square boxes (10 fields, the last empty, are a 9x9 row with a
    // trailing comma rather than a 10x10 row ending in a blank).
    let n = fields.len();
    let square = |side: usize| (2..=8).any(|b| b * b == side);
    let without = n > 1 && shape_of_side(n - 1).is_some();
    if fields.last() == Some(&"") && without && (shape_of_side(n).is_none() || square(n - 1)) {
        fields.pop();
    }
    let side = fields.len();
    shape_of_side(side)?;
    let cell = |f: &'a str| match f {
        "" => blanks.then_some("0"),
        "." => Some(f),
        _ => f
            .parse::<u8>()
            .is_ok_and(|v| usize::from(v) <= side)
            .then_some(f),
    };
    // A row of empty fields alone is a blank line or a grid's empty row,
    // as the lines around it say ([`empty_csv_row_side`]).
    if fields.iter().all(|f| f.is_empty()) {
        return None;
    }
    let cells: Option<Vec<&str>> = fields.into_iter().map(cell).collect();
    cells.map(|cells| cells.join(" "))
}

/// If `line` is a CSV row of empty fields only (`,,,,,,,,`), the side of
/// the grid it would be a row of: n² fields, or n² + 1 with a trailing
/// separator. A spreadsheet writes such a row for an empty grid row and
/// for an empty line between grids.
pub(crate) fn empty_csv_row_side(line: &str) -> Option<usize> {
    memchr::memchr2(b',', b';', line.as_bytes())?;
    let body = strip_comment(line);
    if !body
        .chars()
        .all(|c| c == ',' || c == ';' || c.is_whitespace())
    {
        return None;
    }
    let fields = csv_fields(body).count();
    [fields, fields - 1]
        .into_iter()
        .find(|&side| shape_of_side(side).is_some())
}

/// A spreadsheet's CSV row with givens (empty cells blank) as the numeric
/// row of a grid of side `side`, if it is one.
pub(crate) fn csv_row_of_side(line: &str, side: usize) -> Option<String> {
    csv_row_with_blanks(line).filter(|row| row.split_whitespace().count() == side)
}

/// Whether `line` is a row of a grid of side `side` with givens, as any
/// grid row or as a spreadsheet's.
pub(crate) fn is_row_with_givens(line: &str, side: usize) -> bool {
    grid_row_side(line) == Some(side) || csv_row_of_side(line, side).is_some()
}

/// A spreadsheet's CSV row of a grid of side `side` (empty cells blank, or
/// every field empty) as a numeric grid row, if it is one.
pub(crate) fn spreadsheet_row(line: &str, side: usize) -> Option<String> {
    if empty_csv_row_side(line) == Some(side) {
        Some(empty_row(side))
    } else {
        csv_row_of_side(line, side)
    }
}

/// An empty row of a grid of side `side`, as a numeric grid row.
pub(crate) fn empty_row(side: usize) -> String {
    vec!["0"; side].join(" ")
}

/// The fields of a CSV line, blanks and double quotes trimmed. A
/// separator inside double quotes (`"hard, very"`) is part of its field.
pub(crate) fn csv_fields(line: &str) -> impl Iterator<Item = &str> {
    let mut quoted = false;
    line.split(move |c: char| {
        if c == '"' {
            quoted = !quoted;
        }
        !quoted && CSV_SEPARATORS.contains(&c)
    })
    .map(|f| f.trim().trim_matches('"').trim())
}

/// The puzzle of a CSV line without a header naming its column
/// (`puzzle,solution`, `7,puzzle,solution,30,1.5`), when that is clear:
/// the first field meant as a puzzle ([`is_puzzle_field`]) if it has
/// blanks and is the only such field or has one partner of its length
/// (its solution), or is a damaged puzzle about as long as the field after
/// it. Otherwise `None`: ids that look like puzzles, or a solution before
/// its puzzle are reported (name the columns in a header line) rather than
/// guessed at, since a wrong guess solves the wrong grid. The other fields
/// are not read.
pub(crate) fn csv_puzzle(line: &str) -> Option<&str> {
    if !is_csv_like(line) {
        return None;
    }
    let candidates: Vec<&str> = csv_fields(line).filter(|f| is_puzzle_field(f)).collect();
    let has_blank = |f: &str| f.contains(['.', '0', '_', '*', '-', '?']);
    match candidates[..] {
        [puzzle] if has_blank(puzzle) => Some(puzzle),
        // A puzzle and its solution (a field with no blank); a first field
        // that is no valid puzzle but within an eighth of the solution's
        // length is a damaged puzzle (reported). An id (`20240101-000001`,
        // `0000000000000001`) beside a puzzle, or beside a solution of
        // another length, is not guessed at.
        [puzzle, solution]
            if has_blank(puzzle)
                && !has_blank(solution)
                && (puzzle.len() == solution.len()
                    || (puzzle.len().abs_diff(solution.len()) <= solution.len() / 8
                        && Grid::from_line(puzzle).is_err())) =>
        {
            Some(puzzle)
        }
        _ => None,
    }
}

/// Whether some field of a CSV line is meant as a puzzle.
pub(crate) fn has_puzzle_field(line: &str) -> bool {
    is_csv_like(line) && csv_fields(line).any(is_puzzle_field)
}

/// The shortest CSV field taken for a puzzle (a 4x4 has 16 symbols; a
/// few may be missing from a damaged one).
pub(crate) const MIN_PUZZLE_FIELD: usize = 12;

/// A CSV field meant as a one-line puzzle: at least 12 characters, all of
/// them letters, digits or blank-like marks (`.`, `_`, `*`, `-`, `?`), so
/// a puzzle with a stray blank symbol is still taken (and reported).
/// Times (`10:00`), prose and short ids are not.
pub(crate) fn is_puzzle_field(field: &str) -> bool {
    field.chars().count() >= MIN_PUZZLE_FIELD
        && field
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '*' | '-' | '?'))
}

/// The longest CSV header field, in characters.
const MAX_HEADER_FIELD: usize = 40;

/// A CSV header line: column names such as `quizzes,solutions`,
/// `solution_string,puzzle_string` or `,puzzle,rating (0-10)`: short
/// fields, each empty or with a letter in it (a 4x4 puzzle has none), none
/// a valid puzzle.
pub(crate) fn is_csv_header(line: &str) -> bool {
    csv_fields(line).any(|f| !f.is_empty())
        && csv_fields(line).all(|f| {
            f.chars().count() <= MAX_HEADER_FIELD
                && (f.is_empty() || f.contains(char::is_alphabetic))
                && !is_valid_puzzle_line(f)
        })
}

/// The column of a CSV header that holds the puzzles: one named exactly as
/// a puzzle column (`puzzle`, `quizzes`, `board`), else the first whose
/// name has such a word and is neither an id or number (`puzzle_id`,
/// `puzzleNo`) nor a solution (`board_solution`, `solved_grid`).
pub(crate) fn puzzle_column(header: &str) -> Option<usize> {
    const NOT_PUZZLES: [&str; 12] = [
        "id", "no", "nr", "num", "number", "idx", "index", "count", "solution", "solved", "answer",
        "result",
    ];
    let partial = |name: &str| {
        let words = name_words(name);
        words
            .iter()
            .any(|w| PUZZLE_COLUMN_NAMES.iter().any(|n| w.contains(n)))
            && !words.iter().any(|w| NOT_PUZZLES.contains(&w.as_str()))
    };
    csv_fields(header)
        .position(is_puzzle_column_name)
        .or_else(|| csv_fields(header).position(partial))
}

/// The names a column of puzzles has exactly (any case, singular or
/// plural); [`puzzle_column`] also takes longer names that contain them.
const PUZZLE_COLUMN_NAMES: [&str; 9] = [
    "puzzle", "quiz", "quizze", "question", "sudoku", "grid", "board", "problem", "unsolved",
];

/// Whether `name` is exactly the name of a puzzle column (`puzzle`,
/// `Quizzes`, `grids`).
pub(crate) fn is_puzzle_column_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    PUZZLE_COLUMN_NAMES
        .iter()
        .any(|word| name == *word || name.strip_suffix('s') == Some(word))
}

/// The words of a column name, lower-cased: split at anything not a letter
/// or digit and where camel case starts a word (`puzzleId`: `puzzle`, `id`).
fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            previous_lower = false;
            words.push(String::new());
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(String::new());
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        match words.last_mut() {
            Some(word) => word.extend(c.to_lowercase()),
            None => words.push(c.to_lowercase().collect()),
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

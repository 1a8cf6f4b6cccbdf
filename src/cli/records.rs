//! `dlx records`: the puzzles of a file as one line per record, for
//! streaming engines (Apache Spark's `RDD.pipe`, `split -l`, `xargs`) that
//! cut their input at line ends.
//!
//! A Sudoku grid written over several lines, a titled grid or a Sudominoku
//! puzzle (a count line, its dominoes, its singles) would be torn apart by
//! such a cut, and some answers depend on where a record stands in its file
//! (Sudominoku's `Puzzle k`, the blank line between grid answers). So dlx's
//! own readers decide where each record starts and ends, and write it as a
//! line that carries all of that: its place in the file, its line there,
//! and the puzzle as read (or why it is not one). `dlx solve
//! --from-records` reads such lines back, in any slices of them, and
//! writes exactly the answers `dlx solve` gives to the same records in the
//! whole file: the answers of the slices, joined in order, are the answer
//! file, byte for byte.
//!
//! One record line (fields separated by tabs; free text escaped by
//! [`escape`], so no field holds a tab or a line end):
//!
//! | tag | fields after `INDEX LINE TAG` | record |
//! |---|---|---|
//! | `S` | `RxC STYLE CELLS TITLE` | a Sudoku grid, boxes R x C, its style, its cells ([`cells_text`]), its title (empty for none) |
//! | `S!` | `REASON TITLE` | a Sudoku record that is not a puzzle |
//! | `D` | `PUZZLE` | a Sudominoku puzzle: its Baekjoon lines joined by `;` |
//! | `D!` | `REASON` | a Sudominoku record that is not a puzzle |
//!
//! `INDEX` counts the records of the file from 0; `LINE` is the record's
//! line in the file (1-based), which `dlx solve --from-records` names in
//! its `FILE:LINE: reason` diagnostics.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use clap::Args;
use dlx_engine::puzzles::sudoku::{BoxShape, Grid, Style, SudokuReader};
use dlx_engine::puzzles::sudominoku::{self, Puzzle};
use dlx_engine::puzzles::Kind;

use crate::cli::args::KindArg;
use crate::cli::error::{refusal, Error, Exit};
use crate::cli::files::{create_output, open_input, refuse_overwrites};

/// Print every puzzle record of a file as one line (for Spark and other
/// engines that split their input at line ends).
///
/// Grids over several lines, titles and Sudominoku puzzles are kept whole,
/// each record with its place in the file; `dlx solve --from-records`
/// solves such lines, in any slices, and the answers of the slices, joined
/// in order, are byte for byte those of `dlx solve FILE`. A record that is
/// not a puzzle is written with its reason, and answered with its `!
/// invalid` mark in its place. Exact-cover files are one record each:
/// count them apart with `dlx split --lines` and `dlx solve --parts-of`.
#[derive(Debug, Args)]
pub struct RecordsArgs {
    /// The puzzle file (`-`: standard input).
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    /// Input kind; `auto` decides from the content (`xc` is refused).
    #[arg(long, value_enum, default_value_t = KindArg::Auto)]
    pub kind: KindArg,
    /// Box shape RxC of the Sudoku puzzles, as for `dlx solve --box`.
    #[arg(long = "box", value_name = "RxC", value_parser = crate::cli::args::box_shape)]
    pub box_shape: Option<BoxShape>,
    /// Write the record lines to FILE (`-`: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// One record as `dlx records` writes it and `dlx solve --from-records`
/// reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Its place among the records of its file, from 0.
    pub index: u64,
    /// Its line in the file, from 1.
    pub line: usize,
    /// The puzzle, or why the record is none.
    pub body: Body,
}

/// What a [`Record`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A Sudoku record: the grid and its style, or the reason it is none;
    /// and its title, written back above its answer.
    Sudoku {
        /// The grid and the style it was written in, or why it is none.
        puzzle: Result<(Grid, Style), String>,
        /// The title line above the grid, if any.
        title: Option<String>,
    },
    /// A Sudominoku record: the puzzle, or why it is none.
    Sudominoku(Result<Puzzle, String>),
}

impl Body {
    /// The kind of puzzle.
    pub fn kind(&self) -> Kind {
        match self {
            Body::Sudoku { .. } => Kind::Sudoku,
            Body::Sudominoku(_) => Kind::Sudominoku,
        }
    }
}

/// One character per cell value, 0 (blank) to 64: every side up to 64x64
/// in one character a cell.
const CELL_SYMBOLS: &[u8; 65] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/@";

/// A grid's cells, one character each from `0-9`, `A-Z` (10-35), `a-z`
/// (36-61), `+`, `/`, `@` (62-64), `0` blank, row by row.
pub fn cells_text(grid: &Grid) -> String {
    (grid.cells().iter())
        .map(|&v| CELL_SYMBOLS[usize::from(v)] as char)
        .collect()
}

/// Reads [`cells_text`] back into a grid of boxes `shape`.
fn parse_cells(shape: BoxShape, text: &str) -> Result<Grid, String> {
    let cells = (text.bytes())
        .map(|b| match CELL_SYMBOLS.iter().position(|&s| s == b) {
            Some(v) => Ok(v as u8),
            None => Err(format!("bad cell symbol `{}`", b.escape_ascii())),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Grid::from_cells(shape, cells).map_err(|e| e.to_string())
}

/// The name of a style in a record line.
fn style_name(style: Style) -> &'static str {
    match style {
        Style::Line => "line",
        Style::Grid => "grid",
        Style::Pretty => "pretty",
        Style::Rows => "rows",
    }
}

/// Reads [`style_name`] back.
fn parse_style(name: &str) -> Result<Style, String> {
    Ok(match name {
        "line" => Style::Line,
        "grid" => Style::Grid,
        "pretty" => Style::Pretty,
        "rows" => Style::Rows,
        _ => return Err(format!("unknown style `{}`", escape(name))),
    })
}

/// Free text as one field: `\` as `\\`, tab as `\t`, line feed as `\n`,
/// carriage return as `\r`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// Reads [`escape`] back; a `\` before anything else is an error.
pub fn unescape(field: &str) -> Result<String, String> {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('\\') => '\\',
            Some('t') => '\t',
            Some('n') => '\n',
            Some('r') => '\r',
            other => {
                let after = other.map_or("the end".to_string(), |c| format!("`{c}`"));
                return Err(format!("`\\` before {after} (escapes: \\\\ \\t \\n \\r)"));
            }
        });
    }
    Ok(out)
}

impl Record {
    /// The record as one line, without its line end.
    pub fn to_line(&self) -> String {
        let head = format!("{}\t{}", self.index, self.line);
        let title = |t: &Option<String>| t.as_deref().map(escape).unwrap_or_default();
        match &self.body {
            Body::Sudoku {
                puzzle: Ok((grid, style)),
                title: t,
            } => format!(
                "{head}\tS\t{}\t{}\t{}\t{}",
                grid.shape(),
                style_name(*style),
                cells_text(grid),
                title(t)
            ),
            Body::Sudoku {
                puzzle: Err(reason),
                title: t,
            } => format!("{head}\tS!\t{}\t{}", escape(reason), title(t)),
            Body::Sudominoku(Ok(puzzle)) => {
                let text = sudominoku::write_puzzle(puzzle);
                format!("{head}\tD\t{}", text.trim_end().replace('\n', ";"))
            }
            Body::Sudominoku(Err(reason)) => format!("{head}\tD!\t{}", escape(reason)),
        }
    }

    /// Reads a line [`to_line`](Self::to_line) wrote; the reason when it is
    /// not one (a record of another program, or cut short).
    pub fn parse(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let number = |k: usize, what: &str| -> Result<u64, String> {
            let field = fields.get(k).copied().unwrap_or("");
            field.parse().map_err(|_| {
                format!(
                    "field {} (the record's {what}) is `{}`, not a number: not a line of \
                     `dlx records`",
                    k + 1,
                    escape(field)
                )
            })
        };
        let index = number(0, "index")?;
        let line_no = usize::try_from(number(1, "line")?).map_err(|e| e.to_string())?;
        let tag = fields.get(2).copied().unwrap_or("");
        let want = match tag {
            "S" => 7,
            "S!" => 5,
            "D" | "D!" => 4,
            _ => {
                return Err(format!(
                    "unknown record tag `{}` (S, S!, D or D!): not a line of `dlx records`",
                    escape(tag)
                ))
            }
        };
        if fields.len() != want {
            return Err(format!(
                "a `{tag}` record has {want} tab-separated fields, and this one {}",
                fields.len()
            ));
        }
        let title = |field: &str| -> Result<Option<String>, String> {
            Ok(Some(unescape(field)?).filter(|t| !t.is_empty()))
        };
        let body = match tag {
            "S" => {
                let shape: BoxShape = fields[3].parse()?;
                let style = parse_style(fields[4])?;
                let grid = parse_cells(shape, fields[5])?;
                Body::Sudoku {
                    puzzle: Ok((grid, style)),
                    title: title(fields[6])?,
                }
            }
            "S!" => Body::Sudoku {
                puzzle: Err(unescape(fields[3])?),
                title: title(fields[4])?,
            },
            "D" => {
                let parsed = sudominoku::parse(&fields[3].replace(';', "\n"));
                match parsed.records.into_iter().next() {
                    Some(sudominoku::Record {
                        puzzle: Ok(puzzle), ..
                    }) => Body::Sudominoku(Ok(puzzle)),
                    Some(sudominoku::Record { puzzle: Err(e), .. }) => {
                        return Err(format!("bad Sudominoku puzzle: {}", e.reason))
                    }
                    None => return Err("no Sudominoku puzzle in a `D` record".into()),
                }
            }
            _ => Body::Sudominoku(Err(unescape(fields[3])?)),
        };
        Ok(Record {
            index,
            line: line_no,
            body,
        })
    }
}

/// Writes the records of `input` (named `file` in messages) as lines to
/// `out`, reading them as `kind` (`None`: decided from the content) with
/// Sudoku boxes `box_shape`; returns how many. An exact-cover input is an
/// `InvalidInput` error (it is one record).
pub fn write_records(
    file: &str,
    input: impl BufRead + Send,
    kind: Option<Kind>,
    box_shape: Option<BoxShape>,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let (kind, input) = dlx_engine::puzzles::prepare(kind, input)?;
    let mut index = 0;
    let mut put = |line: usize, body: Body, out: &mut dyn Write| -> io::Result<()> {
        let record = Record { index, line, body };
        index += 1;
        writeln!(out, "{}", record.to_line())
    };
    match kind {
        Kind::Xc => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "an exact-cover problem is one record: cut it into parts with `dlx split \
                 --lines` and count them with `dlx solve --parts-of` instead",
            ))
        }
        Kind::Sudoku => {
            for record in SudokuReader::new(input).with_box(box_shape) {
                let record = record?;
                let body = Body::Sudoku {
                    puzzle: record.puzzle,
                    title: record.title,
                };
                put(record.line, body, out)?;
            }
        }
        Kind::Sudominoku => {
            if box_shape.is_some() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--box sets the box shape of Sudoku grids, and this is read as a \
                     Sudominoku input",
                ));
            }
            let mut records = sudominoku::records(input);
            for record in records.by_ref() {
                let record = record?;
                let (line, body) = match record.puzzle {
                    Ok(puzzle) => (record.line, Body::Sudominoku(Ok(puzzle))),
                    Err(e) => (e.line, Body::Sudominoku(Err(e.reason))),
                };
                put(line, body, out)?;
            }
            if records.missing_terminator() && index > 0 {
                crate::cli::note(format_args!(
                    "{file}:{}: {}",
                    records.lines_read(),
                    sudominoku::MISSING_TERMINATOR
                ));
            }
        }
    }
    Ok(index)
}

/// `dlx records`.
pub fn run(args: RecordsArgs) -> Result<Exit, Error> {
    let outputs: Vec<(&str, &std::path::Path)> =
        args.out.iter().map(|p| ("-o", p.as_path())).collect();
    refuse_overwrites(std::slice::from_ref(&args.file), &outputs)?;
    let (name, input) = open_input(&args.file)?;
    let mut sink: Box<dyn Write> = match &args.out {
        Some(path) if path.as_os_str() != "-" => Box::new(create_output(path)?),
        _ => Box::new(io::BufWriter::new(io::stdout().lock())),
    };
    let written = write_records(
        &name,
        input,
        args.kind.requested(),
        args.box_shape,
        &mut sink,
    )
    .map_err(|e| match e.kind() {
        io::ErrorKind::InvalidInput => refusal(format!("{name}: {e}")),
        _ => Error::from(e),
    })?;
    sink.flush()?;
    if written == 0 {
        crate::cli::note(format_args!("{name}: note: no puzzles in this input"));
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_round_trips_every_special_character() {
        for text in ["", "plain", "a\tb", "line\nend\r", "back\\slash\\t", "\\"] {
            let field = escape(text);
            assert!(!field.contains(['\t', '\n', '\r']), "{field:?}");
            assert_eq!(unescape(&field).as_deref(), Ok(text));
        }
        assert!(unescape("a\\x").is_err());
        assert!(unescape("ends\\").is_err());
    }

    #[test]
    fn cells_cover_every_value_of_a_64x64_grid() {
        // Row r of a 64x64 grid holding 1..=64 shifted: every value appears.
        let shape = BoxShape::new(8, 8).unwrap();
        let cells: Vec<u8> = (0..64 * 64).map(|k| (k % 65) as u8).collect();
        let grid = Grid::from_cells(shape, cells).unwrap();
        let text = cells_text(&grid);
        assert_eq!(text.len(), 64 * 64);
        assert_eq!(parse_cells(shape, &text).unwrap(), grid);
    }

    #[test]
    fn bad_lines_are_named_not_read() {
        for (line, says) in [
            ("", "not a number"),
            ("0\t1", "unknown record tag"),
            ("x\t1\tS!\tr\t", "index"),
            ("0\t1\tS\t3x3\tline\t000", "7 tab-separated fields"),
            ("0\t1\tS\t3x3\tline\t0*0\t", "bad cell symbol"),
            ("0\t1\tS\t3x3\tcurly\t0\t", "unknown style"),
            ("0\t1\tD\t2;1 A1 2 A2", "Sudominoku"),
        ] {
            let err = Record::parse(line).unwrap_err();
            assert!(err.contains(says), "{line:?}: {err}");
        }
    }
}

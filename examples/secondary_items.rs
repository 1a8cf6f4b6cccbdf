//! Primary and secondary items, on a problem small enough to check by hand.
//!
//! Shows the difference between the two kinds of item: a primary item must
//! be covered by exactly one option of a solution, a secondary item by at
//! most one, so a solution may leave it uncovered. It lists every solution
//! with [`Solver::search`], saying which secondary items each leaves free,
//! then states the same problem with the secondary items made primary.
//!
//! ```text
//! cargo run --example secondary_items
//! ```
//!
//! Three guests, Pat, Quinn and Robin, sit on four chairs in a row. Pat
//! takes chair 1 or 2, Quinn chair 2 or 3, Robin chair 3 or 4. The guests
//! are primary items (each is seated exactly once), the chairs secondary
//! (no two guests on one chair, and a chair may stay empty). By hand: Pat on
//! 1 leaves Quinn 2 (Robin 3 or 4) or Quinn 3 (Robin 4), and Pat on 2 leaves
//! Quinn 3 and Robin 4: 4 seatings, each leaving a different chair empty.
//! With the chairs primary, every chair must be taken: 3 guests cannot fill
//! 4 chairs, so there is no solution.

use std::ops::ControlFlow;

use dlx_engine::exact_cover::{Limits, Problem, ProblemError, Solver};

/// Who may sit where: one option per (guest, chair).
const OPTIONS: [[&str; 2]; 6] = [
    ["Pat", "chair1"],
    ["Pat", "chair2"],
    ["Quinn", "chair2"],
    ["Quinn", "chair3"],
    ["Robin", "chair3"],
    ["Robin", "chair4"],
];

const GUESTS: [&str; 3] = ["Pat", "Quinn", "Robin"];
const CHAIRS: [&str; 4] = ["chair1", "chair2", "chair3", "chair4"];

/// The seating problem, with the chairs as secondary items or, when
/// `chairs_primary`, as primary ones.
fn seating(chairs_primary: bool) -> Result<Problem, ProblemError> {
    let mut p = Problem::new();
    for guest in GUESTS {
        p.add_primary(guest)?;
    }
    for chair in CHAIRS {
        if chairs_primary {
            p.add_primary(chair)?;
        } else {
            p.add_secondary(chair)?;
        }
    }
    for option in OPTIONS {
        p.add_option_by_name(option)?;
    }
    Ok(p)
}

fn main() -> Result<(), ProblemError> {
    let problem = seating(false)?;
    let matrix = problem.compile()?;
    let mut solver = Solver::new(&matrix);

    println!("guests primary, chairs secondary:");
    let mut n = 0;
    let report = solver.search(Limits::none(), |options| {
        n += 1;
        // `options` are option numbers, in the order the search chose them.
        let mut seats: Vec<String> = options
            .iter()
            .map(|&k| problem.option_names(k).join(" "))
            .collect();
        seats.sort();
        let taken: Vec<&str> = options
            .iter()
            .flat_map(|&k| problem.option_names(k))
            .collect();
        let free: Vec<&str> = CHAIRS.into_iter().filter(|c| !taken.contains(c)).collect();
        println!(
            "  {n}. {}   (left empty: {})",
            seats.join(", "),
            free.join(" ")
        );
        ControlFlow::Continue(())
    });
    println!(
        "  {} solutions, search {:?} after {} nodes",
        report.solutions, report.end, report.stats.nodes
    );

    // The same options with every chair primary: each chair must now be
    // covered exactly once, which three guests cannot do.
    let strict = seating(true)?.compile()?;
    let report = Solver::new(&strict).count(Limits::none());
    println!("guests and chairs primary: {} solutions", report.solutions);

    // An option must name at least one primary item: one of secondary items
    // only could be in any solution or left out of it, so the problem
    // refuses it (Knuth's DLX1 program also leaves such options out).
    let mut p = seating(false)?;
    match p.add_option_by_name(["chair1", "chair2"]) {
        Ok(k) => println!("option {k} added"),
        Err(e) => println!("an option of chairs alone is refused: {e}"),
    }
    Ok(())
}

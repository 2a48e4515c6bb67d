//! Solving a big input on every core. The main thread reads the input in
//! chunks, cut where a case seems to start (a guess from the bytes, no
//! parsing); worker threads solve the chunks apart, each into a buffer of
//! its own; the main thread writes the buffers out in input order.
//!
//! A chunk's output is written only once the chunk after it is solved too
//! and all is as guessed: each chunk ended exactly between two cases, the
//! counts add up to the announced one. At the first surprise (bad input, a
//! wrong guess, a count that does not add up) the input from the oldest
//! chunk not yet written to the end is handed to the sequential code, which
//! then writes the output and any error message: both are always exactly
//! the sequential ones. The one chunk held back matters for four-in-a-row,
//! where a game's verdict is written when the next header is read.
//!
//! Not part of the judge bundles: the solvers only expose `solve_part` and
//! a cut guess, and know nothing of threads.

use crate::core::io::{self as input, Error, Lines, Output, Part};
use crate::core::{fourrow, snooker};
use std::collections::VecDeque;
use std::io::{self, Cursor, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Mutex};
use std::thread;

/// Input bytes per chunk: solving one takes far longer than handing it
/// over, and the chunks in flight with their output stay within a few MB.
pub const CHUNK: usize = 256 << 10;

/// With no place to cut in this many bytes the rest is solved sequentially.
const MAX_BLOCK: usize = 4 << 20;

/// At most this many worker threads: two are what the speed targets ask.
const MAX_WORKERS: usize = 4;

/// A problem that can be solved in parts.
pub trait Chunked {
    /// Where the last case of `block` may start, from the bytes alone.
    fn last_case_start(block: &[u8]) -> Option<usize>;

    /// The solver on one part (see `input::Part`).
    fn solve_part<R: Read, W: Write>(
        lines: &mut Lines<R>,
        out: &mut Output<W>,
        part: &mut Part,
    ) -> Result<(), Error>;

    /// The piece for a hole in collected output (see `Output::put_numbered`).
    fn render_number(out: &mut Vec<u8>, number: u64);
}

/// The snooker referee.
pub struct Snooker;

impl Chunked for Snooker {
    fn last_case_start(block: &[u8]) -> Option<usize> {
        snooker::last_frame_start(block)
    }

    fn solve_part<R: Read, W: Write>(
        lines: &mut Lines<R>,
        out: &mut Output<W>,
        part: &mut Part,
    ) -> Result<(), Error> {
        snooker::solve_part(lines, out, part)
    }

    fn render_number(out: &mut Vec<u8>, number: u64) {
        snooker::put_frame_heading(out, number)
    }
}

/// The four-in-a-row validator.
pub struct Fourrow;

impl Chunked for Fourrow {
    fn last_case_start(block: &[u8]) -> Option<usize> {
        fourrow::last_game_start(block)
    }

    fn solve_part<R: Read, W: Write>(
        lines: &mut Lines<R>,
        out: &mut Output<W>,
        part: &mut Part,
    ) -> Result<(), Error> {
        fourrow::solve_part(lines, out, part)
    }

    /// Never asked for: game numbers are copied from the input (F5).
    fn render_number(out: &mut Vec<u8>, number: u64) {
        input::push_u64(out, number)
    }
}

/// Solves `input` into `out` with the default chunk size on every core (at
/// most `MAX_WORKERS`), or sequentially on one core or a small input.
pub fn run<P: Chunked, R: Read, W: Write>(input: R, out: W) -> Result<(), Error> {
    let workers = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_WORKERS);
    run_with::<P, R, W>(input, out, workers, CHUNK)
}

/// A chunk to solve.
struct Job {
    index: usize,
    top: bool,
    data: Vec<u8>,
    out: Vec<u8>,
    holes: Vec<(usize, u64)>,
}

/// What solving a chunk gave: `solved` is `None` unless it went as guessed.
struct Done {
    job: Job,
    solved: Option<Solved>,
}

#[derive(Clone, Copy)]
struct Solved {
    cases: u64,
    lines: usize,
    /// The count of cases, read by the chunk at the top.
    announced: u64,
}

fn solve_chunk<P: Chunked>(mut job: Job) -> Done {
    let mut part = Part {
        top: job.top,
        announced: 0,
        cases_before: 0,
        to_end: false,
        cases: 0,
    };
    let mut out = Output::collecting(std::mem::take(&mut job.out), std::mem::take(&mut job.holes));
    let mut lines = Lines::new(&job.data[..]);
    let solved = P::solve_part(&mut lines, &mut out, &mut part)
        .ok()
        .map(|()| Solved {
            cases: part.cases,
            lines: lines.line_number(),
            announced: part.announced,
        });
    drop(lines);
    let (out, holes) = out.into_parts();
    job.out = out;
    job.holes = holes;
    Done { job, solved }
}

/// Solves `input` into `out` with `workers` threads and chunks of about
/// `chunk` bytes: the same bytes and errors as the sequential solver.
pub fn run_with<P: Chunked, R: Read, W: Write>(
    input: R,
    out: W,
    workers: usize,
    chunk: usize,
) -> Result<(), Error> {
    let mut report = Report::default();
    run_reporting::<P, R, W>(input, out, workers, chunk, &mut report)
}

/// How a run went: the chunks whose output was written (the sequential
/// solver starts at the top when there are none), and whether the
/// sequential solver took over (for the tests).
#[derive(Debug, Default, PartialEq, Eq)]
struct Report {
    chunks_written: usize,
    fell_back: bool,
}

fn run_reporting<P: Chunked, R: Read, W: Write>(
    mut input: R,
    mut out: W,
    workers: usize,
    chunk: usize,
    report: &mut Report,
) -> Result<(), Error> {
    let mut cutter = Cutter::new(chunk);
    cutter.fill(&mut input)?;
    if workers < 2 || cutter.eof {
        report.fell_back = true;
        let start = Cursor::new(std::mem::take(&mut cutter.pending));
        return solve_rest::<P, _, _>(start.chain(input), out, Part::whole(), 0);
    }
    let (job_sender, job_receiver) = mpsc::channel::<Job>();
    let (done_sender, done_receiver) = mpsc::channel::<Option<Done>>();
    let job_receiver = Mutex::new(job_receiver);
    thread::scope(|scope| {
        for _ in 0..workers {
            let done_sender = done_sender.clone();
            let job_receiver = &job_receiver;
            scope.spawn(move || loop {
                let job = match job_receiver.lock() {
                    Ok(receiver) => match receiver.recv() {
                        Ok(job) => job,
                        Err(_) => break,
                    },
                    Err(_) => break,
                };
                // A panic (a bug) is reported as `None`, so that the main
                // thread stops instead of waiting for the chunk forever.
                let done = panic::catch_unwind(AssertUnwindSafe(|| solve_chunk::<P>(job))).ok();
                if done_sender.send(done).is_err() {
                    break;
                }
            });
        }
        drop(done_sender);
        let mut driver = Driver::<P, W> {
            out: &mut out,
            jobs: job_sender,
            done: done_receiver,
            in_flight: VecDeque::new(),
            arrived: Vec::new(),
            next_index: 0,
            held: None,
            written_cases: 0,
            written_lines: 0,
            announced: 0,
            spare: Vec::new(),
            max_in_flight: workers + 1,
            report,
            problem: std::marker::PhantomData,
        };
        driver.drive(&mut cutter, &mut input)
    })
}

/// Reads the input and cuts it into chunks.
struct Cutter {
    chunk: usize,
    /// Bytes read and not yet handed out.
    pending: Vec<u8>,
    eof: bool,
}

/// What the cutter handed out.
enum Cut {
    /// A chunk; `true` when it is the last.
    Chunk(Vec<u8>, bool),
    /// `MAX_BLOCK` bytes without a place to cut: they stay in `pending`.
    NoPlace,
    End,
}

impl Cutter {
    fn new(chunk: usize) -> Cutter {
        Cutter {
            chunk,
            pending: Vec::with_capacity(chunk + chunk / 4),
            eof: false,
        }
    }

    /// Reads until `pending` holds a chunk or the input ends.
    fn fill<R: Read>(&mut self, input: &mut R) -> io::Result<()> {
        self.fill_to(input, self.chunk)
    }

    fn fill_to<R: Read>(&mut self, input: &mut R, size: usize) -> io::Result<()> {
        while !self.eof && self.pending.len() < size {
            let wanted = (size - self.pending.len()) as u64;
            if input.take(wanted).read_to_end(&mut self.pending)? == 0 {
                self.eof = true;
            }
        }
        Ok(())
    }

    /// The next chunk, its bytes in `spare` (a recycled buffer).
    fn next<P: Chunked, R: Read>(&mut self, input: &mut R, mut spare: Vec<u8>) -> io::Result<Cut> {
        let mut size = self.chunk;
        loop {
            self.fill_to(input, size)?;
            if self.eof {
                if self.pending.is_empty() {
                    return Ok(Cut::End);
                }
                spare.clear();
                std::mem::swap(&mut spare, &mut self.pending);
                return Ok(Cut::Chunk(spare, true));
            }
            if let Some(cut) = P::last_case_start(&self.pending).filter(|&cut| cut > 0) {
                spare.clear();
                spare.extend_from_slice(&self.pending[cut..]);
                self.pending.truncate(cut);
                std::mem::swap(&mut spare, &mut self.pending);
                return Ok(Cut::Chunk(spare, false));
            }
            if self.pending.len() >= MAX_BLOCK {
                return Ok(Cut::NoPlace);
            }
            size = self.pending.len() + self.chunk;
        }
    }
}

/// The main thread's side: hands out chunks, takes results in order,
/// writes them or falls back to the sequential solver.
struct Driver<'a, P, W: Write> {
    out: &'a mut W,
    jobs: mpsc::Sender<Job>,
    done: mpsc::Receiver<Option<Done>>,
    /// Indexes of the chunks handed out and not yet judged, oldest first.
    in_flight: VecDeque<usize>,
    /// Results that came before an older one.
    arrived: Vec<Done>,
    next_index: usize,
    /// The newest chunk judged good, not yet written.
    held: Option<Done>,
    written_cases: u64,
    written_lines: usize,
    announced: u64,
    /// Buffers of written chunks, for reuse.
    spare: Vec<Job>,
    max_in_flight: usize,
    report: &'a mut Report,
    problem: std::marker::PhantomData<P>,
}

impl<'a, P: Chunked, W: Write> Driver<'a, P, W> {
    fn drive<R: Read>(&mut self, cutter: &mut Cutter, input: &mut R) -> Result<(), Error> {
        let mut input_done = false;
        let mut no_place = false;
        loop {
            while !input_done && self.in_flight.len() < self.max_in_flight {
                let mut job = self.spare.pop().unwrap_or_else(|| Job {
                    index: 0,
                    top: false,
                    data: Vec::new(),
                    out: Vec::new(),
                    holes: Vec::new(),
                });
                match cutter.next::<P, R>(input, std::mem::take(&mut job.data))? {
                    Cut::Chunk(data, last) => {
                        job.index = self.next_index;
                        job.top = self.next_index == 0;
                        job.data = data;
                        self.next_index += 1;
                        self.in_flight.push_back(job.index);
                        input_done = last;
                        if self.jobs.send(job).is_err() {
                            return Err(worker_lost());
                        }
                    }
                    Cut::NoPlace => {
                        input_done = true;
                        no_place = true;
                    }
                    Cut::End => input_done = true,
                }
            }
            let done = match self.next_done()? {
                Some(done) => done,
                None => break,
            };
            if !self.judge(&done) {
                return self.fall_back(Some(done), cutter, input);
            }
            if let Some(held) = self.held.replace(done) {
                self.write(held)?;
            }
        }
        // The last chunk must bring the count up to the announced one.
        if no_place || self.cases_judged() != self.announced {
            return self.fall_back(None, cutter, input);
        }
        if let Some(held) = self.held.take() {
            self.write(held)?;
        }
        self.out.flush().map_err(Error::Io)
    }

    /// The oldest chunk's result, or `None` when none is in flight.
    fn next_done(&mut self) -> Result<Option<Done>, Error> {
        let index = match self.in_flight.front() {
            Some(&index) => index,
            None => return Ok(None),
        };
        loop {
            if let Some(at) = self.arrived.iter().position(|d| d.job.index == index) {
                self.in_flight.pop_front();
                return Ok(Some(self.arrived.swap_remove(at)));
            }
            match self.done.recv() {
                Ok(Some(done)) => self.arrived.push(done),
                Ok(None) | Err(_) => return Err(worker_lost()),
            }
        }
    }

    /// The cases in the chunks judged good: written, and held.
    fn cases_judged(&self) -> u64 {
        let held = self.held.as_ref().and_then(|done| done.solved);
        self.written_cases + held.map_or(0, |solved| solved.cases)
    }

    /// Whether a chunk went as guessed, given the chunks before it.
    fn judge(&mut self, done: &Done) -> bool {
        let solved = match done.solved {
            Some(solved) => solved,
            None => return false,
        };
        if done.job.top {
            self.announced = solved.announced;
        }
        self.cases_judged() + solved.cases <= self.announced
    }

    fn write(&mut self, done: Done) -> Result<(), Error> {
        let job = done.job;
        write_filled(
            self.out,
            &job.out,
            &job.holes,
            self.written_cases,
            P::render_number,
        )
        .map_err(Error::Io)?;
        if let Some(solved) = done.solved {
            self.written_cases += solved.cases;
            self.written_lines += solved.lines;
        }
        self.spare.push(job);
        self.report.chunks_written += 1;
        Ok(())
    }

    /// Solves sequentially from the oldest chunk not written to the end of
    /// the input: that chunk is known to start a case.
    fn fall_back<R: Read>(
        &mut self,
        failed: Option<Done>,
        cutter: &mut Cutter,
        input: &mut R,
    ) -> Result<(), Error> {
        self.report.fell_back = true;
        let mut rest: Vec<u8> = Vec::new();
        for done in self.held.take().into_iter().chain(failed) {
            rest.extend_from_slice(&done.job.data);
        }
        while let Some(done) = self.next_done()? {
            rest.extend_from_slice(&done.job.data);
        }
        rest.extend_from_slice(&cutter.pending);
        let part = Part {
            // The input from its top, count line and all, when no chunk
            // was written yet.
            top: self.report.chunks_written == 0,
            announced: self.announced,
            cases_before: self.written_cases,
            to_end: true,
            cases: 0,
        };
        let rest = Cursor::new(rest).chain(input);
        solve_rest::<P, _, _>(rest, &mut *self.out, part, self.written_lines)
    }
}

/// Slices per `write_vectored` call: Linux takes at most 1024.
const MAX_SLICES: usize = 1024;

/// Writes collected output `bytes` to `out` with every hole filled by its
/// piece for the number `numbers_before` + its own. The pieces are
/// rendered apart and written between the slices of `bytes` by vectored
/// writes, so the main thread does not copy the output.
fn write_filled<W: Write>(
    out: &mut W,
    bytes: &[u8],
    holes: &[(usize, u64)],
    numbers_before: u64,
    render: fn(&mut Vec<u8>, u64),
) -> io::Result<()> {
    let mut pieces = Vec::new();
    let mut piece_ends = Vec::with_capacity(holes.len());
    for &(_, number) in holes {
        render(&mut pieces, numbers_before + number);
        piece_ends.push(pieces.len());
    }
    let mut slices: Vec<&[u8]> = Vec::with_capacity(2 * holes.len() + 1);
    let (mut written, mut piece_start) = (0, 0);
    for (&(at, _), &piece_end) in holes.iter().zip(&piece_ends) {
        slices.push(&bytes[written..at]);
        slices.push(&pieces[piece_start..piece_end]);
        written = at;
        piece_start = piece_end;
    }
    slices.push(&bytes[written..]);
    slices.retain(|slice| !slice.is_empty());
    write_slices(out, &slices)
}

/// Writes all of `slices`, in order, with as few calls as the writer lets.
fn write_slices<W: Write>(out: &mut W, mut slices: &[&[u8]]) -> io::Result<()> {
    while !slices.is_empty() {
        let batch: Vec<io::IoSlice<'_>> = slices
            .iter()
            .take(MAX_SLICES)
            .map(|slice| io::IoSlice::new(slice))
            .collect();
        let mut written = match out.write_vectored(&batch) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        // Whole slices written are dropped; a slice written in part is
        // finished by itself.
        while let Some(slice) = slices.first() {
            if written < slice.len() {
                break;
            }
            written -= slice.len();
            slices = &slices[1..];
        }
        if written > 0 {
            out.write_all(&slices[0][written..])?;
            slices = &slices[1..];
        }
    }
    Ok(())
}

/// A worker thread stopped without a result: a bug, never bad input.
fn worker_lost() -> Error {
    Error::Io(io::Error::new(
        io::ErrorKind::Other,
        "a worker thread ended early",
    ))
}

/// The sequential solver on the rest of an input.
fn solve_rest<P: Chunked, R: Read, W: Write>(
    input: R,
    out: W,
    part: Part,
    lines_before: usize,
) -> Result<(), Error> {
    let lines = Lines::new(input).starting_after(lines_before);
    input::run_part(lines, out, part, P::solve_part)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::gen::{self, Rng};
    use crate::tool::problem::Problem;
    use std::path::Path;

    /// Output and message of one run.
    fn outcome(result: Result<(), Error>, out: Vec<u8>) -> (String, String) {
        let message = match result {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        };
        (String::from_utf8_lossy(&out).into_owned(), message)
    }

    /// Solves `input` in chunks of `chunk` bytes on two workers, checks
    /// output and message against the sequential solver, and says how.
    fn same_as_sequential<P: Chunked>(input: &[u8], chunk: usize) -> Report {
        let mut out = Vec::new();
        let result = run_with::<P, _, _>(input, &mut out, 1, chunk);
        let sequential = outcome(result, out);
        let mut out = Vec::new();
        let mut report = Report::default();
        let result = run_reporting::<P, _, _>(input, &mut out, 2, chunk, &mut report);
        let chunked = outcome(result, out);
        assert_eq!(
            chunked,
            sequential,
            "chunks of {} bytes on input:\n{}",
            chunk,
            String::from_utf8_lossy(input)
        );
        report
    }

    fn fixture_inputs(dirs: &[&str]) -> Vec<Vec<u8>> {
        let mut inputs = Vec::new();
        for dir in dirs {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures")
                .join(dir);
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension() == Some("in".as_ref()) {
                    inputs.push(std::fs::read(path).unwrap());
                }
            }
        }
        assert!(inputs.len() > 10);
        inputs
    }

    #[test]
    fn every_fixture_in_chunks_of_every_size_is_solved_as_in_one_piece() {
        for input in fixture_inputs(&["snooker", "snooker-errors", "snooker-strict"]) {
            for chunk in [1, 2, 7, 30, 100, 400] {
                same_as_sequential::<Snooker>(&input, chunk);
            }
        }
        for input in fixture_inputs(&["fourrow", "fourrow-errors", "fourrow-strict"]) {
            for chunk in [1, 2, 7, 30, 100, 400] {
                same_as_sequential::<Fourrow>(&input, chunk);
            }
        }
    }

    #[test]
    fn clean_input_is_written_by_the_chunks() {
        let input = gen::generate_bytes(Problem::Snooker, 3, 200_000);
        let report = same_as_sequential::<Snooker>(&input, 4096);
        assert!(!report.fell_back);
        assert!(report.chunks_written > 40, "{:?}", report);
        let input = gen::generate_bytes(Problem::Fourrow, 3, 200_000);
        let report = same_as_sequential::<Fourrow>(&input, 4096);
        assert!(!report.fell_back);
        assert!(report.chunks_written > 40, "{:?}", report);
    }

    #[test]
    fn a_blank_line_inside_a_frame_hands_over_to_the_sequential_solver() {
        let frame = "Ann Bob\nRed Black\nNone\nRed\nNone\n";
        let mut input = format!("40\n\n{}", frame);
        for _ in 1..40 {
            input.push('\n');
            input.push_str(frame);
        }
        // A frame cut after its first stroke by a blank line (R0.1 allows
        // it): the chunk before it ends inside the frame.
        let input = input.replacen("Red Black\n", "Red Black\n\n", 30);
        let report = same_as_sequential::<Snooker>(input.as_bytes(), 100);
        assert!(report.fell_back);
    }

    /// Lines of `input` with one random change: a line dropped, doubled,
    /// blanked or cut short, or a byte replaced.
    fn mutated(input: &[u8], rng: &mut Rng) -> Vec<u8> {
        let mut lines: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(|l| l.to_vec()).collect();
        let at = rng.below(lines.len() as u64) as usize;
        match rng.below(5) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let line = lines[at].clone();
                lines.insert(at, line);
            }
            2 => lines.insert(at, Vec::new()),
            3 => {
                let keep = rng.below(lines[at].len() as u64 + 1) as usize;
                lines[at].truncate(keep);
            }
            _ => {
                if !lines[at].is_empty() {
                    let i = rng.below(lines[at].len() as u64) as usize;
                    lines[at][i] = *rng.pick(b"G1 8\r#:xRedBlack");
                }
            }
        }
        lines.join(&b'\n')
    }

    #[test]
    fn mutated_input_gives_the_sequential_output_and_message() {
        let mut rng = Rng::new(8);
        for seed in 0..60 {
            let snooker = gen::generate_bytes(Problem::Snooker, seed, 6_000);
            let fourrow = gen::generate_bytes(Problem::Fourrow, seed, 3_000);
            for _ in 0..4 {
                let chunk = rng.range(50, 1500) as usize;
                same_as_sequential::<Snooker>(&mutated(&snooker, &mut rng), chunk);
                same_as_sequential::<Fourrow>(&mutated(&fourrow, &mut rng), chunk);
            }
        }
    }

    /// A writer that takes at most three bytes a call.
    struct Trickle(Vec<u8>);

    impl Write for Trickle {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let n = bytes.len().min(3);
            self.0.extend_from_slice(&bytes[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn slices_written_in_part_are_finished_in_order() {
        let slices: Vec<&[u8]> = vec![b"ab", b"cdefg", b"h", b"ijklmnop"];
        let mut out = Trickle(Vec::new());
        write_slices(&mut out, &slices).unwrap();
        assert_eq!(out.0, b"abcdefghijklmnop");
        let many: Vec<Vec<u8>> = (0..3000u32).map(|i| i.to_string().into_bytes()).collect();
        let many: Vec<&[u8]> = many.iter().map(|v| v.as_slice()).collect();
        let mut out = Vec::new();
        write_slices(&mut out, &many).unwrap();
        assert_eq!(out, many.concat());
    }

    #[test]
    fn frames_keep_their_numbers_across_chunks() {
        let mut collected = Output::collecting(Vec::new(), Vec::new());
        collected.put(b"a\n");
        collected.put_numbered(1, snooker::put_frame_heading);
        collected.put(b"b\n");
        collected.put_numbered(2, snooker::put_frame_heading);
        let (bytes, holes) = collected.into_parts();
        let mut out = Vec::new();
        write_filled(&mut out, &bytes, &holes, 0, snooker::put_frame_heading).unwrap();
        assert_eq!(out, b"a\nFrame 1\nb\n\nFrame 2\n");
        out.clear();
        write_filled(&mut out, &bytes, &holes, 9, snooker::put_frame_heading).unwrap();
        assert_eq!(out, b"a\n\nFrame 10\nb\n\nFrame 11\n");
    }
}

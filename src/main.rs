//! The `anna` command: parses the command line and hands over; no logic lives here.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use anna::cli;

#[derive(Parser)]
#[command(
    name = "anna",
    version,
    about = "A talking chess board, clock and scoresheet for blind and visually impaired players"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Commands>,
    #[command(flatten)]
    game: cli::GameArgs,
    /// Go on with a game from this PGN file (names, time control, position, moves and the clocks of
    /// its last `[%clk]`), clocks stopped until `resume`; a finished game opens for review.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Which game of a PGN file, 1 for the first (with --pgn, review, analyse and braille).
    #[arg(long = "game", global = true, default_value_t = 1)]
    game_number: usize,
    /// List the games of the PGN file, one a line, and stop.
    #[arg(long, global = true)]
    list_games: bool,
}

#[derive(Subcommand)]
enum Commands {
    /// Run a script of timed inputs and print the transcript; the last line is the result.
    ///
    /// Exit codes: 0 the script ran; 2 the script could not be read (the line is named on stderr).
    Replay {
        /// The script: one `TIME [white:|black:] COMMAND` a line.
        file: PathBuf,
        /// Also write the game as PGN to this file.
        #[arg(long)]
        pgn: Option<PathBuf>,
    },
    /// Say moves in words, one line a move (moves in UCI or SAN, played in turn).
    ///
    /// Exit codes: 0 said; 1 a move could not be played (stderr says why); 2 a bad FEN or setting.
    Say {
        /// The position to start from (FEN, X-FEN or Shredder-FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// The moves.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Say whether each side can still checkmate (FIDE 5.2.2, 6.9): two lines,
    /// `white: winnable|unwinnable|undetermined` and the same for black.
    ///
    /// Exit codes: 0 answered; 2 the FEN could not be read.
    Adjudicate {
        /// The position (FEN, X-FEN or Shredder-FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// The position without --fen, as one argument or as the FEN's fields one after another.
        #[arg(value_name = "FEN", conflicts_with = "fen")]
        position: Vec<String>,
        /// Add the helpmate line (UCI) after each winnable answer.
        #[arg(long)]
        helpmate: bool,
    },
    /// Hear TEXT as a player would say or type it and print what it means in the position: a move
    /// in UCI, `command NAME [MOVE]`, or `answer yes|no`.
    ///
    /// Exit codes: 0 understood; 1 not understood or illegal (the reason on stderr); 2 ambiguous
    /// (each candidate in UCI on stdout, the question Anna would ask on stderr); 3 a bad --fen or --lang.
    Parse {
        /// The position (FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// The words, joined with spaces.
        #[arg(required = true, allow_hyphen_values = true)]
        text: Vec<String>,
    },
    /// Answer a question about the board (board, square e4, attackers e4, defenders e4, hanging,
    /// material, fen...) for a position, as Anna answers it in a game, printed as a line.
    ///
    /// Exit codes: 0 answered; 1 not a question about the board (the reason on stderr); 3 a bad
    /// --fen, --moves or --lang.
    Ask {
        /// The position (FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from it, in UCI, separated by spaces; the last is the last move.
        #[arg(long)]
        moves: Option<String>,
        /// The question, its words joined with spaces.
        #[arg(required = true, allow_hyphen_values = true)]
        text: Vec<String>,
    },
    /// Hear a recording (a WAV of 16 kHz or more, any channels) as Anna would hear the player (English; needs the
    /// `listen` feature): prints `heard: WORDS`, then exactly what `anna parse` prints for them.
    ///
    /// Exit codes: those of `anna parse`; 1 also when nothing sure was heard; 3 also when Anna cannot
    /// listen (built without `listen`, no model) or the file is not such a WAV (under 16 kHz, not PCM).
    Listen {
        /// The recording.
        file: PathBuf,
        /// The position (FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
    },
    /// List the voices of the chosen speech backend (--speech), one a line: `VOICE<TAB>DESCRIPTION`,
    /// VOICE being what --voice takes.
    ///
    /// Exit codes: 0 listed; 1 the backend has no voices (transcript, off) or could not be asked.
    Voices,
    /// Store a lichess token for `--opponent lichess`: says where to make one (with the board:play
    /// scope), reads it from standard input, checks it with lichess and keeps it readable by you
    /// alone. `ANNA_LICHESS_TOKEN`, when set, is used instead.
    ///
    /// Exit codes: 0 stored; 1 no token given, refused by lichess, or not stored.
    Login,
    /// List the serial ports a board may be on and which board answers on each, one a line:
    /// `PATH<TAB>KIND<TAB>ANSWER` (KIND: `usb VID:PID NAME`, `pci`, `bluetooth`, `unknown`; ANSWER:
    /// the protocol and the board's name, `cannot be opened: ...` or `no board answers`). Give the path to
    /// `--board` or `--opponent-board`; `anna boards PATH...` asks only those.
    ///
    /// Exit codes: 0 listed; 1 no port found, or the ports could not be listed (stderr says why).
    Boards {
        /// Ask these ports (a simulator's link, say) instead of the ports the system lists.
        paths: Vec<String>,
    },
    /// A virtual board on a pseudo-terminal, speaking Anna's peg-board protocol, DGT's or
    /// Millennium's byte for byte: prints the path to give `anna --board` (or `--opponent-board`),
    /// then reads typed board commands (`lift e2`, `place e4`, `move e2e4`, `slide e2 e3 e4`,
    /// `fast e2e4 e7e5`, `knock e4`, `clock 1:29:59 1:30:00 left`, `show`, `garbage`, `unplug`,
    /// `plug`, `help`, `quit`) and prints what Anna asks of the board, one line each.
    ///
    /// Exit codes: 0 stopped (quit or end of input); 2 a bad --fen, or no pseudo-terminal.
    BoardSim {
        /// The pieces on the board at the start (a FEN); the start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// Carry out every move Anna shows at once, as a player would.
        #[arg(long)]
        auto: bool,
        /// Sense only whether a hole is filled (reed switches), not which piece is in it.
        #[arg(long)]
        occupancy: bool,
        /// The path to create for Anna to open (a link to the pseudo-terminal); a fresh one in
        /// the temporary folder if left out.
        #[arg(long)]
        link: Option<PathBuf>,
        /// The protocol: anna (Anna's peg board), dgt or millennium.
        #[arg(long, default_value = "anna")]
        protocol: anna_board::protocol::Protocol,
        /// The board stands the other way round (White at the far side).
        #[arg(long)]
        turned: bool,
    },
    /// Step through a game of a PGN file: next, back, go 23, time, moves, board questions.
    ///
    /// Exit codes: 0 reviewed (or listed with --list-games); 2 the file or the game could not be read.
    Review {
        /// The PGN file.
        file: PathBuf,
    },
    /// Analyse a game of a PGN file with a UCI engine (Stockfish unless --engine names another):
    /// every position searched to the same number of nodes, progress said as it goes ("Move 12 of
    /// 40"), then for each side its blunders, mistakes and inaccuracies (lichess's thresholds), each
    /// with its move, what it allowed and the better move.
    ///
    /// Exit codes: 0 analysed; 1 no engine, the engine failed at once, or -o could not be written;
    /// 2 the PGN could not be read.
    Analyse {
        /// The PGN file.
        file: PathBuf,
        /// Write the annotated game here (`[%eval]`, `?!` `?` `??`, the better line); `-` for stdout.
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Say the mistakes of this side only: white or black.
        #[arg(long, value_parser = ["white", "black"])]
        side: Option<String>,
        /// The nodes searched in each position: more is deeper and slower.
        #[arg(long, default_value_t = anna::adapters::engine::analyst::DEFAULT_NODES)]
        nodes: u64,
    },
    /// Solve puzzles from lichess's puzzle file (the CSV, or the .csv.zst as published at
    /// database.lichess.org): the opponent's move is said, you find each move of the solution;
    /// `solution`, `next`, `repeat` and the board questions work; a summary at the end.
    ///
    /// Exit codes: 0 played; 2 the file cannot be read, or no puzzle in it fits.
    Puzzles {
        /// The puzzle file.
        file: PathBuf,
        /// Only puzzles rated in this range: `1200-1600`.
        #[arg(long)]
        rating: Option<String>,
        /// Only puzzles of this theme (lichess's names: fork, mateIn2, endgame, ...).
        #[arg(long)]
        theme: Option<String>,
        /// How many puzzles.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Draw the same puzzles again: they are drawn at random among those that fit, the ones
        /// solved before (remembered in the data folder) set aside.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The braille scoresheet of a game of a PGN file, in the notation and the literary braille of
    /// --lang (liblouis's tables; English moves in the UKAAF Braille Chess Code): Unicode braille on
    /// stdout, or North American ASCII Braille (.brf, 40 cells by 25 lines) with -o.
    ///
    /// Exit codes: 0 written; 1 the output could not be written, or is there already without
    /// --force; 2 the PGN could not be read.
    Braille {
        /// The PGN file.
        file: PathBuf,
        /// Write a .brf file here instead (never over a file that is there, unless --force).
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Write over the -o file if it is there.
        #[arg(long)]
        force: bool,
    },
}

/// The options of the game that each subcommand reads (by clap's ids); the others are hidden from
/// its `--help` (they are global so that they may come anywhere on the line, but apply to a game).
fn own_options(subcommand: &str) -> Option<&'static [&'static str]> {
    const WORDS: &[&str] = &["lang", "squares", "form"];
    const VOICE: &[&str] =
        &["lang", "squares", "form", "speech", "voice", "rate", "volume", "pitch", "transcript", "save_settings"];
    // A program in the view asked for (review, puzzles); review also reads a game of a PGN file and
    // asks an engine, which are last so that puzzles take the rest.
    const REVIEW: &[&str] = &[
        "lang",
        "squares",
        "form",
        "speech",
        "voice",
        "rate",
        "volume",
        "pitch",
        "transcript",
        "sounds",
        "ui",
        "small_squares",
        "no_color",
        "flip",
        "game_number",
        "list_games",
        "engine",
    ];
    const PUZZLES: &[&str] = REVIEW.split_at(REVIEW.len() - 3).0;
    Some(match subcommand {
        // A script takes a game's whole setup from the command line.
        "replay" => return None,
        "say" | "parse" | "listen" | "ask" => WORDS,
        "voices" => VOICE,
        "review" => REVIEW,
        "braille" => &["lang", "game_number", "list_games"],
        "puzzles" => PUZZLES,
        "analyse" => &["lang", "squares", "form", "engine", "game_number", "list_games"],
        _ => &[],
    })
}

/// The command line, each subcommand's help showing only the options it reads.
fn command() -> clap::Command {
    let mut command = Args::command();
    let globals: Vec<clap::Arg> = command.get_arguments().filter(|a| a.is_global_set()).cloned().collect();
    for sub in command.get_subcommands_mut() {
        let Some(own) = own_options(sub.get_name()) else { continue };
        // A subcommand's own hidden copy of a global option: clap gives it the global one's
        // value all the same, and leaves it out of the help.
        let hidden: Vec<&clap::Arg> = globals
            .iter()
            .filter(|a| !own.contains(&a.get_id().as_str()))
            .filter(|a| sub.get_arguments().all(|b| b.get_id() != a.get_id()))
            .collect();
        for arg in hidden {
            *sub = std::mem::take(sub).arg(arg.clone().hide(true));
        }
    }
    command
}

fn main() -> ExitCode {
    let given: Vec<String> = std::env::args().collect();
    let args = match command().try_get_matches().and_then(|matches| Args::from_arg_matches(&matches)) {
        Ok(args) => args,
        Err(e) => return cli::usage::refuse(e, &given),
    };
    let choice = cli::pgn::Choice { number: args.game_number, list: args.list_games };
    let code = match args.command {
        Some(Commands::Review { file }) => cli::pgn::review(&file, choice, &args.game),
        Some(Commands::Puzzles { file, rating, theme, count, seed }) => {
            let puzzles = cli::puzzles::PuzzleArgs { file: &file, rating: rating.as_deref(), theme, count, seed };
            cli::puzzles::puzzles(&puzzles, &args.game)
        }
        Some(Commands::Analyse { file, out, side, nodes }) => {
            let side = side.map(|s| if s == "white" { shakmaty::Color::White } else { shakmaty::Color::Black });
            let analyse = cli::analyse::AnalyseArgs { file, out, side, nodes };
            cli::analyse::analyse(&analyse, choice, &args.game)
        }
        Some(Commands::Braille { file, out, force }) => {
            cli::pgn::braille(&file, choice, out.as_deref(), force, &args.game)
        }
        Some(Commands::Replay { file, pgn }) => cli::replay(&file, pgn.as_deref(), &args.game),
        Some(Commands::Adjudicate { fen, position, helpmate }) => {
            let fen = fen.or_else(|| (!position.is_empty()).then(|| position.join(" ")));
            cli::adjudicate(fen.as_deref(), helpmate)
        }
        Some(Commands::Say { fen, moves }) => cli::say(fen.as_deref(), &moves, &args.game),
        Some(Commands::Parse { fen, text }) => cli::parse(fen.as_deref(), &text.join(" "), &args.game),
        Some(Commands::Ask { fen, moves, text }) => {
            cli::ask(fen.as_deref(), moves.as_deref(), &text.join(" "), &args.game)
        }
        Some(Commands::Listen { file, fen }) => cli::listen(&file, fen.as_deref(), &args.game),
        Some(Commands::Voices) => match args.game.voice("en") {
            Ok(voice) => anna::adapters::speech::voices(&args.game.speech, &voice),
            Err(e) => {
                eprintln!("anna: {e}");
                ExitCode::from(2)
            }
        },
        Some(Commands::Login) => match args.game.voice("en") {
            Ok(voice) => cli::online::login(&voice, &args.game.speech),
            Err(e) => {
                eprintln!("anna: {e}");
                ExitCode::from(2)
            }
        },
        Some(Commands::Boards { paths }) => cli::boards(&paths, &args.game),
        Some(Commands::BoardSim { fen, auto, occupancy, link, protocol, turned }) => {
            let sim = cli::SimArgs { fen: fen.or(args.game.fen.clone()), auto, occupancy, link, protocol, turned };
            cli::board_sim(sim)
        }
        None => match &args.pgn {
            Some(file) => cli::pgn::continue_game(file, choice, &args.game),
            None => cli::play(&args.game),
        },
    };
    // A command whose reader went away ends as a broken pipe ends a program.
    anna::adapters::stdout::exit(code)
}

//! The simulated board's end of the DGT and Millennium protocols: what it answers, and how it
//! reports a change of a square. Anna's own protocol is answered in `sim.rs`.

use shakmaty::Square;

use super::{Note, State};
use anna_board::millennium::{self, Command, CommandDecoder, Reply};
use anna_board::protocol::Protocol;
use anna_board::{a8_index, dgt, turned_square, Cell, ClockReading, Snapshot};

/// What the board keeps of its protocol between reads.
#[derive(Debug)]
pub(super) struct BoardWire {
    /// DGT: in update mode, every change is sent as it happens.
    pub(super) updates: bool,
    /// Millennium: the automatic status reports Anna switched on.
    pub(super) auto_reports: bool,
    pub(super) commands: CommandDecoder,
    /// Millennium: the settings memory.
    pub(super) eeprom: [u8; 256],
    /// DGT: the clock plugged into the board, if any.
    pub(super) clock: Option<ClockReading>,
    /// Millennium: reports held back while moves are made faster than the board scans.
    pub(super) holding: bool,
}

impl Default for BoardWire {
    fn default() -> Self {
        BoardWire {
            updates: false,
            auto_reports: false,
            commands: CommandDecoder::commands(),
            eeprom: [0; 256],
            clock: None,
            holding: false,
        }
    }
}

/// The serial number the simulated DGT board gives.
const SERIAL: &str = "12345";

impl State {
    /// The position as this board reports it (turned round when it stands the other way).
    fn reported(&self) -> Snapshot {
        let snapshot = self.snapshot();
        if self.options.turned {
            snapshot.turned()
        } else {
            snapshot
        }
    }

    /// A square as this board numbers it.
    fn reported_square(&self, square: Square) -> Square {
        if self.options.turned {
            turned_square(square)
        } else {
            square
        }
    }

    fn dgt_message(&mut self, message: &dgt::Message) {
        self.write(&dgt::encode(message));
    }

    fn status(&mut self) {
        let cells = self.reported().a8_first();
        self.write(&millennium::encode_reply(&Reply::Status(cells)));
    }

    /// A square changed: a DGT board in update mode sends it; a Millennium board with automatic
    /// reports sends the whole board.
    pub(super) fn sensor_changed(&mut self, square: Square) {
        match self.options.protocol {
            Protocol::Anna => {}
            Protocol::Dgt if self.wire.updates => {
                let field = a8_index(self.reported_square(square)) as u8;
                let cell = self.board.piece_at(square).map_or(Cell::Empty, Cell::Piece);
                self.dgt_message(&dgt::Message::Field { field, cell });
            }
            Protocol::Millennium if self.wire.auto_reports && !self.wire.holding => self.status(),
            _ => {}
        }
    }

    /// The clock on the board shows `reading` (DGT boards only carry a clock).
    pub(super) fn set_clock(&mut self, reading: ClockReading) {
        self.wire.clock = Some(reading);
        if self.options.protocol == Protocol::Dgt && self.wire.updates {
            self.dgt_message(&dgt::Message::Clock(reading));
        }
    }

    /// Bytes from Anna to a DGT board: one-byte commands.
    pub(super) fn dgt_receive(&mut self, bytes: &[u8]) {
        let mut garbled = Vec::new();
        for command in dgt::decode_commands(bytes) {
            let note = match command {
                Ok(dgt::command::RESET) => {
                    self.wire.updates = false;
                    "reset".to_string()
                }
                Ok(dgt::command::SEND_BOARD) => {
                    let fields = self.reported().a8_first();
                    self.dgt_message(&dgt::Message::Board(fields));
                    "board sent".to_string()
                }
                Ok(dgt::command::UPDATE | dgt::command::UPDATE_NICE | dgt::command::UPDATE_BOARD) => {
                    self.wire.updates = true;
                    "update mode".to_string()
                }
                Ok(dgt::command::VERSION) => {
                    self.dgt_message(&dgt::Message::Version { major: 1, minor: 7 });
                    "version sent".to_string()
                }
                Ok(dgt::command::SERIAL_NUMBER) => {
                    self.dgt_message(&dgt::Message::Serial(SERIAL.to_string()));
                    continue;
                }
                Ok(dgt::command::SEND_CLOCK) => {
                    let reading = self.wire.clock.unwrap_or_else(|| ClockReading::parse("none").expect("a reading"));
                    self.dgt_message(&dgt::Message::Clock(reading));
                    "clock sent".to_string()
                }
                Ok(other) => format!("DGT command {other:#04x} ignored"),
                Err(byte) => {
                    garbled.push(format!("{byte:#04x}"));
                    continue;
                }
            };
            let _ = self.notes.send(Note::Asked(note));
        }
        if !garbled.is_empty() {
            let _ = self.notes.send(Note::Garbled(garbled.join(" ")));
        }
    }

    /// Bytes from Anna to a Millennium board.
    pub(super) fn millennium_receive(&mut self, bytes: &[u8]) {
        for command in self.wire.commands.feed(bytes) {
            let note = match command {
                Ok(Command::Version) => {
                    self.write(&millennium::encode_reply(&Reply::Version(0x0103)));
                    // Anna asks now and then whether the board is still there: not worth a note.
                    continue;
                }
                Ok(Command::Status) => {
                    self.status();
                    "board sent".to_string()
                }
                Ok(Command::Extinguish) => {
                    self.write(&millennium::encode_reply(&Reply::Extinguished));
                    "lights off".to_string()
                }
                Ok(Command::Leds { leds, .. }) => {
                    self.write(&millennium::encode_reply(&Reply::Leds));
                    format!("lights {}", lit_squares(&leds, self.options.turned))
                }
                Ok(Command::Write { address, value }) => {
                    self.wire.eeprom[usize::from(address)] = value;
                    if address == millennium::AUTO_REPORTS.0 {
                        // 001 is off; every other setting reports by itself.
                        self.wire.auto_reports = value & 0x07 != 0x01;
                    }
                    self.write(&millennium::encode_reply(&Reply::Written { address, value }));
                    format!("setting {address:02X} = {value:02X}")
                }
                Ok(Command::Read { address }) => {
                    let value = self.wire.eeprom[usize::from(address)];
                    self.write(&millennium::encode_reply(&Reply::Read { address, value }));
                    format!("setting {address:02X} read")
                }
                Ok(Command::Reset) => {
                    self.wire.auto_reports = false;
                    "reset".to_string()
                }
                Err(error) => {
                    let _ = self.notes.send(Note::Garbled(error.to_string()));
                    continue;
                }
            };
            let _ = self.notes.send(Note::Asked(note));
        }
    }
}

/// The squares lit, as the board stands: those whose four corner lights are all on, less those
/// lit only because their neighbours are (e3 between e2 and e4).
fn lit_squares(leds: &[u8; 81], board_turned: bool) -> String {
    let corners = |square: Square| {
        let (file, row) = (usize::from(square.file()), 7 - usize::from(square.rank()));
        [(file, row), (file + 1, row), (file, row + 1), (file + 1, row + 1)].map(|(c, r)| c * 9 + r)
    };
    let lit: Vec<Square> = Square::ALL.into_iter().filter(|s| corners(*s).iter().all(|i| leds[*i] != 0)).collect();
    let mut squares: Vec<String> = lit
        .iter()
        .filter(|s| {
            let others: Vec<usize> = lit.iter().filter(|o| o != s).flat_map(|o| corners(*o)).collect();
            !corners(**s).iter().all(|i| others.contains(i))
        })
        .map(|s| if board_turned { turned_square(*s) } else { *s }.to_string())
        .collect();
    squares.sort();
    if squares.is_empty() {
        "none".to_string()
    } else {
        squares.join(" ")
    }
}

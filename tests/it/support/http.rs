//! The HTTP of the stand-in lichess servers on loopback: a request read, an answer written whole,
//! the head of an ndjson stream. Only what `ureq` sends and the tests need.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// A request as a stand-in server received it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub authorization: String,
    pub body: String,
}

/// Reads one request from `stream`; `None` when the connection ends first.
pub fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut first = String::new();
    if reader.read_line(&mut first).ok()? == 0 {
        return None;
    }
    let mut parts = first.split_whitespace();
    let (method, path) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("").to_string());
    let (mut length, mut authorization) = (0, String::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').unwrap_or((&line, ""));
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().unwrap_or(0),
            "authorization" => authorization = value.trim().to_string(),
            _ => {}
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    Some(Request { method, path, authorization, body: String::from_utf8_lossy(&body).into_owned() })
}

/// A whole answer with this status and JSON body; the connection then closes.
pub fn whole(mut stream: &TcpStream, status: u16, body: &str) {
    let _ = write!(
        stream,
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

/// The head of an ndjson stream; its lines follow with [`line`].
pub fn stream_head(mut stream: &TcpStream) {
    let _ = write!(stream, "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n");
}

/// A line of a stream; false when the client is gone.
pub fn line(mut stream: &TcpStream, text: &str) -> bool {
    writeln!(stream, "{text}").and_then(|()| stream.flush()).is_ok()
}

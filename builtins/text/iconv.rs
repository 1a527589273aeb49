//! `iconv`: text from one character encoding to another, as glibc's iconv converts it —
//! UTF-8, ASCII, ISO-8859-1, UTF-16/UTF-32 (with or without a byte order) and every encoding
//! the WHATWG Encoding Standard names (encoding_rs: windows-125x, ISO-8859-x, KOI8, Shift_JIS,
//! EUC-JP, GBK, GB18030, Big5, EUC-KR…). A character the target cannot hold stops the
//! conversion at its input position (status 1), or with `-c`/`//IGNORE` is left out, or with
//! `//TRANSLIT` is written as its closest ASCII (accents dropped, `€` as `EUR`, else `?`).

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::{WriteMode, describe};
use unicode_normalization::UnicodeNormalization;

const FROM: Opt = Opt::both('f', "from-code", "encoding of original text").value("NAME");
const TO: Opt = Opt::both('t', "to-code", "encoding for output").value("NAME");
const LIST: Opt = Opt::both('l', "list", "list all known coded character sets");
const SKIP: Opt = Opt::short('c', "omit invalid characters from output");
const OUTPUT: Opt = Opt::both('o', "output", "output file").value("FILE");
const SILENT: Opt = Opt::both('s', "silent", "suppress warnings");
const VERBOSE: Opt = Opt::long("verbose", "print progress information");

/// `iconv`.
pub const ICONV: Spec = Spec {
    name: "iconv",
    summary: "convert text from one character encoding to another",
    synopsis: &["[OPTION...] [FILE...]"],
    about: "Convert encoding of given files from one encoding to another (UTF-8 when not named). A target ending in //TRANSLIT writes what it cannot hold as its closest ASCII; //IGNORE or -c leaves it out.",
    options: &[FROM, TO, LIST, SKIP, OUTPUT, SILENT, VERBOSE],
    words: Words::Own(argp_words),
    // glibc's argp ends a misuse with EX_USAGE.
    usage_status: 64,
    assumed: true,
    ..Spec::BASE
};

/// glibc's argp words: the message and its two hints.
fn argp_words(spec: &Spec, misuse: &Misuse) -> String {
    let name = spec.name;
    format!("{name}: {misuse}\nTry `{name} --help' or `{name} --usage' for more information.\n")
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wide {
    /// UTF-16 or UTF-32 without a byte order: a byte order mark decides (read; without one,
    /// little-endian, the machine's), and is written before little-endian units, as glibc does.
    Marked,
    Little,
    Big,
}

#[derive(Clone, Copy, Debug)]
enum Charset {
    Utf8,
    Ascii,
    Latin1,
    Utf16(Wide),
    Utf32(Wide),
    Other(&'static encoding_rs::Encoding),
}

/// The encoding a name means (case and `-`/`_` spelling ignored, as iconv's aliases).
fn charset(name: &str) -> Option<Charset> {
    let key: String = name.chars().filter(|c| !matches!(c, '-' | '_')).collect::<String>().to_ascii_uppercase();
    Some(match key.as_str() {
        "UTF8" => Charset::Utf8,
        "ASCII" | "USASCII" | "ANSIX3.41968" | "646" | "US" => Charset::Ascii,
        "ISO88591" | "LATIN1" | "L1" | "ISO885911987" | "CP819" | "IBM819" => Charset::Latin1,
        "UTF16" => Charset::Utf16(Wide::Marked),
        "UTF16LE" | "UCS2LE" => Charset::Utf16(Wide::Little),
        "UTF16BE" | "UCS2BE" | "UCS2" => Charset::Utf16(Wide::Big),
        "UTF32" | "UCS4" => Charset::Utf32(Wide::Marked),
        "UTF32LE" | "UCS4LE" => Charset::Utf32(Wide::Little),
        "UTF32BE" | "UCS4BE" => Charset::Utf32(Wide::Big),
        _ => Charset::Other(encoding_rs::Encoding::for_label(name.as_bytes()).or_else(|| {
            // glibc spells code pages `CP1252`; the Encoding Standard `windows-1252`.
            let page = key.strip_prefix("CP").or_else(|| key.strip_prefix("WINDOWS"))?;
            encoding_rs::Encoding::for_label(format!("windows-{page}").as_bytes())
        })?),
    })
}

/// Why a conversion stopped, with the input position glibc reports.
enum Stop {
    Illegal(usize),
    Incomplete,
}

/// What the target does with a character it cannot hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unmappable {
    Stop,
    Skip,
    Translit,
}

/// `iconv [-c] [-f FROM] [-t TO[//TRANSLIT|//IGNORE]] [-o FILE] [FILE…]`, or `iconv -l`.
pub async fn iconv(ctx: Ctx<'_>, args: Args) -> Status {
    if args.has(&LIST) {
        let names = "UTF-8//\nUTF-16//\nUTF-16BE//\nUTF-16LE//\nUTF-32//\nUTF-32BE//\nUTF-32LE//\nASCII//\nISO-8859-1//\n\
                     ISO-8859-2//\nISO-8859-15//\nWINDOWS-1250//\nWINDOWS-1251//\nWINDOWS-1252//\nKOI8-R//\nKOI8-U//\n\
                     SHIFT_JIS//\nEUC-JP//\nISO-2022-JP//\nGBK//\nGB18030//\nBIG5//\nEUC-KR//\nMACINTOSH//\n";
        return i32::from(!ctx.out(names).await);
    }
    let from_name = args.last(&FROM).unwrap_or("UTF-8").to_string();
    let to_full = args.last(&TO).unwrap_or("UTF-8").to_string();
    let (to_name, suffixes) = to_full.split_once("//").unwrap_or((&to_full, ""));
    let from_name = from_name.split("//").next().unwrap_or_default().to_string();
    let mut unmappable = if args.has(&SKIP) { Unmappable::Skip } else { Unmappable::Stop };
    let mut report_ignored = false;
    for suffix in suffixes.split("//").map(|s| s.to_ascii_uppercase()) {
        match suffix.as_str() {
            "TRANSLIT" => unmappable = Unmappable::Translit,
            "IGNORE" => {
                if unmappable == Unmappable::Stop {
                    report_ignored = true;
                }
                unmappable = Unmappable::Skip;
            }
            _ => {}
        }
    }
    let (Some(from), Some(to)) = (charset(&from_name), charset(to_name)) else {
        let which = match (charset(&from_name), charset(to_name)) {
            (None, None) => format!("conversions from `{from_name}' and to `{to_name}' are not supported"),
            (None, _) => format!("conversion from `{from_name}' is not supported"),
            _ => format!("conversion to `{to_name}' is not supported"),
        };
        return ctx.fail(which).await;
    };
    let mut files = args.operands.clone();
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut out = Vec::new();
    let mut status = 0;
    let mut problem = None;
    for file in &files {
        let data = match ctx.read_operand(file).await {
            Ok(data) => data,
            Err(err) => {
                ctx.complain(format!("cannot open input file `{file}': {}", describe(&err))).await;
                status = 1;
                continue;
            }
        };
        let (text, stopped) = decode(from, &data, unmappable != Unmappable::Stop);
        let (bytes, unencodable, skipped) = encode(to, &text, unmappable);
        out.extend_from_slice(&bytes);
        problem = match (stopped, unencodable) {
            (Some(Stop::Illegal(_)), _) if unmappable != Unmappable::Stop && !report_ignored => None,
            (Some(stop), _) => Some(stop),
            (None, Some(at)) => Some(Stop::Illegal(at)),
            // glibc's //IGNORE (without -c) converts everything it can, then fails.
            (None, None) if report_ignored && skipped => Some(Stop::Illegal(data.len())),
            (None, None) => None,
        };
        if problem.is_some() {
            break;
        }
    }
    match args.last(&OUTPUT) {
        Some(path) => {
            if let Err(err) = ctx.write_path(path, &out, WriteMode::Truncate).await {
                return ctx.fail(format!("cannot open output file `{path}': {}", describe(&err))).await;
            }
        }
        None => {
            if !ctx.out(out).await {
                return 1;
            }
        }
    }
    // What was converted is written first, then why the conversion stopped, as glibc's.
    match problem {
        Some(Stop::Illegal(at)) => {
            ctx.complain(format!("illegal input sequence at position {at}")).await;
            1
        }
        Some(Stop::Incomplete) => {
            ctx.complain("incomplete character or shift sequence at end of buffer").await;
            1
        }
        None => status,
    }
}

/// The characters of `data` with the input offset of each; where the input is not valid in
/// `from`, the characters before it and why (with `skip`, invalid input is passed over and
/// marked U+FFFD, which no encoder is asked to write).
fn decode(from: Charset, data: &[u8], skip: bool) -> (Vec<(char, usize)>, Option<Stop>) {
    let mut chars = Vec::with_capacity(data.len());
    let mut at = 0;
    let bad = |at: usize, chars: &mut Vec<(char, usize)>| -> bool {
        if skip {
            chars.push(('\u{fffd}', at));
        }
        skip
    };
    match from {
        Charset::Utf8 => {
            while at < data.len() {
                match std::str::from_utf8(&data[at..]) {
                    Ok(text) => {
                        chars.extend(text.char_indices().map(|(i, c)| (c, at + i)));
                        break;
                    }
                    Err(err) => {
                        let valid = err.valid_up_to();
                        // Only valid UTF-8 is here: the slice up to `valid_up_to` decodes.
                        let text = std::str::from_utf8(&data[at..at + valid]).unwrap_or_default();
                        chars.extend(text.char_indices().map(|(i, c)| (c, at + i)));
                        at += valid;
                        match err.error_len() {
                            None => return (chars, Some(Stop::Incomplete)),
                            Some(len) => {
                                if !bad(at, &mut chars) {
                                    return (chars, Some(Stop::Illegal(at)));
                                }
                                at += len;
                            }
                        }
                    }
                }
            }
        }
        Charset::Ascii => {
            for (i, &b) in data.iter().enumerate() {
                if b < 0x80 {
                    chars.push((b as char, i));
                } else if !bad(i, &mut chars) {
                    return (chars, Some(Stop::Illegal(i)));
                }
            }
        }
        Charset::Latin1 => chars.extend(data.iter().enumerate().map(|(i, &b)| (char::from(b), i))),
        Charset::Utf16(order) | Charset::Utf32(order) => {
            let width = if matches!(from, Charset::Utf16(_)) { 2 } else { 4 };
            let mut big = order == Wide::Big;
            if order == Wide::Marked {
                // A byte order mark decides; without one glibc reads the machine's order.
                big = data.starts_with(&[0xfe, 0xff]);
                if data.starts_with(&[0xff, 0xfe]) || big {
                    at = 2;
                }
                if width == 4 && data.starts_with(&[0xff, 0xfe, 0, 0]) {
                    at = 4;
                } else if width == 4 && data.starts_with(&[0, 0, 0xfe, 0xff]) {
                    (at, big) = (4, true);
                }
            }
            let unit = |bytes: &[u8]| -> u32 {
                let value = bytes.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
                if big { value } else { value.swap_bytes() >> (32 - 8 * width as u32) }
            };
            while at < data.len() {
                let Some(first) = data.get(at..at + width) else { return (chars, Some(Stop::Incomplete)) };
                let mut code = unit(first);
                let mut len = width;
                if width == 2 && (0xd800..0xdc00).contains(&code) {
                    let Some(second) = data.get(at + 2..at + 4) else { return (chars, Some(Stop::Incomplete)) };
                    let low = unit(second);
                    if (0xdc00..0xe000).contains(&low) {
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                        len = 4;
                    }
                }
                match char::from_u32(code) {
                    Some(c) => chars.push((c, at)),
                    None if bad(at, &mut chars) => {}
                    None => return (chars, Some(Stop::Illegal(at))),
                }
                at += len;
            }
        }
        Charset::Other(encoding) => {
            let mut decoder = encoding.new_decoder_without_bom_handling();
            let mut text = String::with_capacity(data.len() * 2);
            let mut read_total = 0;
            loop {
                text.reserve(data.len() * 3 + 16);
                let (result, read) = decoder.decode_to_string_without_replacement(&data[read_total..], &mut text, true);
                read_total += read;
                match result {
                    encoding_rs::DecoderResult::InputEmpty => break,
                    encoding_rs::DecoderResult::OutputFull => continue,
                    encoding_rs::DecoderResult::Malformed(len, after) => {
                        let at = read_total.saturating_sub(len as usize + after as usize);
                        if skip {
                            text.push('\u{fffd}');
                            continue;
                        }
                        // Offsets inside a multibyte legacy text are not kept; the stop is exact.
                        chars.extend(text.chars().map(|c| (c, at)));
                        return (chars, Some(Stop::Illegal(at)));
                    }
                }
            }
            chars.extend(text.chars().map(|c| (c, 0)));
        }
    }
    (chars, None)
}

/// `chars` written in `to`; the input offset of the first character it cannot hold when
/// that stops the conversion, and whether any was left out.
fn encode(to: Charset, chars: &[(char, usize)], unmappable: Unmappable) -> (Vec<u8>, Option<usize>, bool) {
    let mut skipped = false;
    let mut out = Vec::with_capacity(chars.len());
    let bom = match to {
        Charset::Utf16(Wide::Marked) => &[0xff, 0xfe][..],
        Charset::Utf32(Wide::Marked) => &[0xff, 0xfe, 0, 0][..],
        _ => &[],
    };
    if !chars.is_empty() {
        out.extend_from_slice(bom);
    }
    let mut encoder = match to {
        Charset::Other(encoding) => Some(encoding.output_encoding().new_encoder()),
        _ => None,
    };
    for &(c, at) in chars {
        if c == '\u{fffd}' && unmappable != Unmappable::Stop {
            skipped = true;
            continue;
        }
        if put(to, c, &mut out, encoder.as_mut()) {
            continue;
        }
        match unmappable {
            Unmappable::Stop => return (out, Some(at), skipped),
            Unmappable::Skip => skipped = true,
            Unmappable::Translit => {
                for c in transliterate(c).chars() {
                    if !put(to, c, &mut out, encoder.as_mut()) {
                        put(to, '?', &mut out, encoder.as_mut());
                    }
                }
            }
        }
    }
    (out, None, skipped)
}

/// Writes one character; false when `to` cannot hold it.
fn put(to: Charset, c: char, out: &mut Vec<u8>, encoder: Option<&mut encoding_rs::Encoder>) -> bool {
    match to {
        Charset::Utf8 => {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
        Charset::Ascii if c.is_ascii() => out.push(c as u8),
        Charset::Latin1 if (c as u32) < 0x100 => out.push(c as u32 as u8),
        Charset::Ascii | Charset::Latin1 => return false,
        Charset::Utf16(order) => {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let bytes = if order == Wide::Big { unit.to_be_bytes() } else { unit.to_le_bytes() };
                out.extend_from_slice(&bytes);
            }
        }
        Charset::Utf32(order) => {
            let code = c as u32;
            out.extend_from_slice(&if order == Wide::Big { code.to_be_bytes() } else { code.to_le_bytes() });
        }
        Charset::Other(_) => {
            let Some(encoder) = encoder else { return false };
            let mut buf = [0u8; 4];
            let text = c.encode_utf8(&mut buf);
            let mut dst = [0u8; 16];
            let (result, _, written) = encoder.encode_from_utf8_without_replacement(text, &mut dst, false);
            if !matches!(result, encoding_rs::EncoderResult::InputEmpty) {
                return false;
            }
            out.extend_from_slice(&dst[..written]);
        }
    }
    true
}

/// The closest ASCII of a character, as glibc's locale transliteration gives it: a letter
/// without its accents, common symbols spelled out, `?` for the rest.
fn transliterate(c: char) -> String {
    let spelled = match c {
        '€' => "EUR",
        '£' => "GBP",
        '¥' => "JPY",
        '©' => "(C)",
        '®' => "(R)",
        '™' => "(TM)",
        '‘' | '’' | '‚' | '′' => "'",
        '“' | '”' | '„' | '″' => "\"",
        '«' => "<<",
        '»' => ">>",
        '–' | '‐' | '‑' | '−' => "-",
        '—' => "--",
        '…' => "...",
        '•' | '·' => "o",
        '×' => "x",
        '÷' => ":",
        '\u{a0}' | '\u{2002}' | '\u{2003}' | '\u{2009}' => " ",
        'ß' => "ss",
        'Æ' => "AE",
        'æ' => "ae",
        'Œ' => "OE",
        'œ' => "oe",
        'Ø' => "O",
        'ø' => "o",
        'Ł' => "L",
        'ł' => "l",
        'Đ' => "D",
        'đ' => "d",
        'Þ' => "TH",
        'þ' => "th",
        '½' => " 1/2",
        '¼' => " 1/4",
        '¾' => " 3/4",
        _ => "",
    };
    if !spelled.is_empty() {
        return spelled.to_string();
    }
    let stripped: String = c.to_string().nfd().filter(char::is_ascii).collect();
    if stripped.is_empty() { "?".to_string() } else { stripped }
}

//! What `net.fetch` may reach: the address guard, by the IANA special-purpose address
//! registries (IPv4 and IPv6), and the normal form of the URLs policy rules are matched on.
//!
//! An address is fetched only when it is globally reachable unicast. IPv6 forms that carry an
//! IPv4 address (mapped, compatible, translated, NAT64, 6to4) are judged by the address inside;
//! Teredo and the local-use NAT64 prefix, whose inner address cannot be trusted, are refused
//! whole; cloud metadata and platform addresses are refused by name. Loopback passes only when
//! a rule names the URL, and only as itself (`127.0.0.0/8`, `::1`, `::ffff:127.0.0.0/104`),
//! never embedded in a prefix that routes elsewhere.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address is refused.
pub type Refusal = String;

/// Whether `ip` may be fetched: globally reachable unicast only, loopback when `loopback`.
pub fn address_allowed(ip: IpAddr, loopback: bool) -> Result<(), Refusal> {
    match ip {
        IpAddr::V4(v4) => v4_allowed(v4, loopback),
        IpAddr::V6(v6) => v6_allowed(v6, loopback),
    }
}

/// Cloud metadata and platform endpoints that are not in a special-purpose block already.
const PLATFORM_V4: &[(Ipv4Addr, &str)] = &[(Ipv4Addr::new(168, 63, 129, 16), "the Azure platform endpoint")];

fn v4_allowed(v4: Ipv4Addr, loopback: bool) -> Result<(), Refusal> {
    if v4.is_loopback() {
        return if loopback { Ok(()) } else { Err("a loopback address (allow the URL explicitly to reach it)".into()) };
    }
    if let Some((_, what)) = PLATFORM_V4.iter().find(|(ip, _)| *ip == v4) {
        return Err(format!("{what} (cloud metadata)"));
    }
    v4_special(v4).map_or(Ok(()), |why| Err(why.into()))
}

/// The IPv4 special-purpose registry's blocks that are not globally reachable.
fn v4_special(v4: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = v4.octets();
    Some(match (a, b, c) {
        (0, ..) => "a \"this network\" address",
        (10, ..) | (172, 16..=31, _) | (192, 168, _) => "a private address",
        (100, 64..=127, _) => "a shared (carrier-grade NAT) address",
        (127, ..) => "a loopback address",
        (169, 254, _) => "a link-local address (cloud metadata lives there)",
        (192, 0, 0) => "an IETF protocol assignment",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "a documentation address",
        (192, 88, 99) => "a 6to4 relay anycast address",
        (198, 18..=19, _) => "a benchmarking address",
        (224..=239, ..) => "a multicast address",
        (240..=255, ..) => "a reserved address",
        _ => return None,
    })
}

fn v6_allowed(v6: Ipv6Addr, loopback: bool) -> Result<(), Refusal> {
    let s = v6.segments();
    if v6.is_unspecified() {
        return Err("an unspecified address".into());
    }
    if v6.is_loopback() {
        return v4_allowed(Ipv4Addr::LOCALHOST, loopback);
    }
    // Forms that carry an IPv4 address in their low 32 bits.
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    let embedded = match s {
        [0, 0, 0, 0, 0, 0xffff, ..] => {
            // Mapped: the socket is an IPv4 one, loopback included.
            return v4_allowed(low, loopback).map_err(|why| format!("maps {low}: {why}"));
        }
        [0, 0, 0, 0, 0, 0, ..] => Some(("IPv4-compatible", low)),
        [0, 0, 0, 0, 0xffff, 0, ..] => Some(("IPv4-translated", low)),
        [0x64, 0xff9b, 0, 0, 0, 0, ..] => Some(("NAT64", low)),
        [0x2002, hi, lo, ..] => Some(("6to4", Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8))),
        _ => None,
    };
    if let Some((form, inner)) = embedded {
        // Loopback inside a translation prefix is not this host: refused like any other.
        return v4_allowed(inner, false).map_err(|why| format!("an {form} address of {inner}: {why}"));
    }
    let why = match s[0] {
        0x64 if s[1] == 0xff9b && s[2] == 1 => "a local-use NAT64 address",
        0x100 if s[1..4] == [0, 0, 0] || s[1..4] == [0, 0, 1] => "a discard-only address",
        0x2001 if s[1] < 0x200 => "an IETF protocol assignment (Teredo and others)",
        0x2001 if s[1] == 0xdb8 => "a documentation address",
        0x3fff if s[1] < 0x1000 => "a documentation address",
        0x5f00 => "a segment-routing (SRv6) address",
        first if first & 0xfe00 == 0xfc00 => "a private (unique local) address",
        first if first & 0xffc0 == 0xfe80 => "a link-local address (cloud metadata lives there)",
        first if first & 0xffc0 == 0xfec0 => "a site-local address",
        first if first >> 8 == 0xff => "a multicast address",
        first if first & 0xe000 != 0x2000 => "a reserved address (not global unicast)",
        _ => return Ok(()),
    };
    Err(why.into())
}

/// The form of a URL that rules are matched on and that is fetched: as the URL standard
/// parses it (scheme and host lower-cased, default port dropped, `.` and `..` segments —
/// also spelled `%2e` — removed), then percent-encoded unreserved characters decoded and the
/// remaining escapes upper-cased (`%61dmin` is `admin`; `%2F` stays an escape, not a `/`).
pub fn normalize_url(raw: &str) -> Result<String, String> {
    let mut url = url::Url::parse(raw).map_err(|e| format!("{raw}: bad URL: {e}"))?;
    let path = normalize_escapes(url.path());
    url.set_path(&path);
    // Decoding may have made new dot segments (`%2e` written as `%252e` is not one; `.%2E`
    // already was), so parse once more: the standard's removal is idempotent.
    let mut url = url::Url::parse(url.as_str()).map_err(|e| format!("{raw}: bad URL: {e}"))?;
    url.set_fragment(None);
    // `host.` names the same host as `host`.
    if let Some(url::Host::Domain(domain)) = url.host()
        && let Some(bare) = domain.strip_suffix('.').map(str::to_string)
        && !bare.is_empty()
    {
        url.set_host(Some(&bare)).map_err(|e| format!("{raw}: bad URL: {e}"))?;
    }
    Ok(url.into())
}

/// `%XX` escapes of unreserved characters decoded, the others upper-cased.
fn normalize_escapes(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut idx = 0;
    while idx < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[idx] == b'%'
            && let (Some(hi), Some(lo)) =
                (bytes.get(idx + 1).and_then(|b| hex(*b)), bytes.get(idx + 2).and_then(|b| hex(*b)))
        {
            let byte = (hi * 16 + lo) as u8;
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                out.push(byte as char);
            } else {
                out.push('%');
                out.push_str(&format!("{byte:02X}"));
            }
            idx += 3;
            continue;
        }
        // Escapes are ASCII; everything else is copied as it is, whole characters at a time.
        let len = path[idx..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&path[idx..idx + len]);
        idx += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_globally_reachable_unicast_passes() {
        for refused in [
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.100.100.200",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.0.192",
            "198.18.0.1",
            "192.88.99.1",
            "168.63.129.16",
            "127.0.0.1",
            "::",
            "::1",
            "fe80::1",
            "fd00::1",
            "fd00:ec2::254",
            "fec0::1",
            "ff02::1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::ffff:0:a9fe:a9fe",
            "::a9fe:a9fe",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b::7f00:1",
            "64:ff9b:1::a9fe:a9fe",
            "2002:a9fe:a9fe::1",
            "2002:7f00:1::",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001:db8::1",
            "3fff::1",
            "100::1",
            "5f00::1",
            "4000::1",
        ] {
            let ip: IpAddr = refused.parse().expect("ip");
            assert!(address_allowed(ip, false).is_err(), "{refused} must be refused");
        }
        for allowed in [
            "93.184.216.34",
            "8.8.8.8",
            "192.31.196.1",
            "2606:4700:4700::1111",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "::ffff:8.8.8.8",
        ] {
            assert!(address_allowed(allowed.parse().expect("ip"), false).is_ok(), "{allowed}");
        }
        // Loopback opens to a rule naming it, as itself only.
        for ip in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            assert!(address_allowed(ip.parse().expect("ip"), true).is_ok(), "{ip}");
        }
        for ip in ["169.254.169.254", "64:ff9b::7f00:1", "2002:7f00:1::", "::127.0.0.1"] {
            assert!(address_allowed(ip.parse().expect("ip"), true).is_err(), "{ip}: loopback rules open only loopback");
        }
    }

    #[test]
    fn urls_are_matched_in_their_normal_form() {
        for (raw, normal) in [
            ("http://h/pub/../admin", "http://h/admin"),
            ("http://h/pub/%2e%2e/admin", "http://h/admin"),
            ("http://h/pub/%2E%2E/admin", "http://h/admin"),
            ("http://h/pub/./../admin", "http://h/admin"),
            ("http://h/pub/.%2e/admin", "http://h/admin"),
            ("http://h/%61dmin/x", "http://h/admin/x"),
            ("http://h/%61%64%6D%69%6E/x", "http://h/admin/x"),
            ("HTTP://H:80/a", "http://h/a"),
            ("http://h/a%2fb", "http://h/a%2Fb"),
            ("http://h/a%2Fb/../c", "http://h/c"),
            ("http://h/%7e%2D", "http://h/~-"),
            ("http://h/caf%C3%A9", "http://h/caf%C3%A9"),
            ("http://h/a?x=%61#frag", "http://h/a?x=%61"),
            ("http://h./a", "http://h/a"),
        ] {
            assert_eq!(normalize_url(raw).as_deref(), Ok(normal), "{raw}");
        }
        assert!(normalize_url("not a url").is_err());
    }
}

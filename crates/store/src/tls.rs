//! TLS to PostgreSQL, with libpq's `sslmode` and `sslrootcert` (in the address, or
//! `PGSSLMODE`/`PGSSLROOTCERT`), over rustls with ring.
//!
//! - `disable`: never encrypted.
//! - `prefer` (the default, as libpq's) and `require`: encrypted when the server offers it
//!   (`require`: refused otherwise); the server's certificate is not checked — as libpq does
//!   without a root certificate — so this keeps the line private from listeners, not from a
//!   server impersonated on the path.
//! - `verify-ca` and `verify-full`: encrypted, and the certificate must chain to `sslrootcert`
//!   (a PEM file, or `system` for the machine's authorities) and name the host. `verify-ca`
//!   is checked as `verify-full` is (the host name too): rustls does not skip it.
//!
//! tokio-postgres parses only `disable`, `prefer` and `require`; [`Tls::take`] takes the other
//! settings out of the address before it is parsed.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};

use super::StoreError;

/// What the address asks of the connection's security.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tls {
    /// Encrypted when offered (or required), the certificate unchecked.
    Unverified,
    /// The certificate checked against these authorities (`None`: the machine's).
    Verified(Option<String>),
}

impl Tls {
    /// Takes `sslmode=verify-*` and `sslrootcert` out of `url` (the rest is tokio-postgres's to
    /// parse; a verified mode becomes `require` there) and says what the connection must check.
    pub(super) fn take(url: &str, env: impl Fn(&str) -> Option<String>) -> (String, Tls) {
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let mut mode = env("PGSSLMODE");
        let mut root = env("PGSSLROOTCERT");
        let mut kept = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("sslmode", value)) => mode = Some(value.to_string()),
                Some(("sslrootcert", value)) => {
                    root = Some(percent_encoding::percent_decode_str(value).decode_utf8_lossy().into_owned())
                }
                _ => kept.push(pair.to_string()),
            }
        }
        let tls = match mode.as_deref() {
            Some("verify-ca" | "verify-full") => {
                kept.push("sslmode=require".to_string());
                Tls::Verified(root.filter(|r| r != "system"))
            }
            Some(other) => {
                kept.push(format!("sslmode={other}"));
                Tls::Unverified
            }
            None => Tls::Unverified,
        };
        let url = if kept.is_empty() { base.to_string() } else { format!("{base}?{}", kept.join("&")) };
        (url, tls)
    }

    /// The connector for tokio-postgres.
    pub(super) fn connector(&self) -> Result<tokio_postgres_rustls::MakeRustlsConnect, StoreError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|e| StoreError(format!("store TLS: {e}")))?;
        let config = match self {
            Tls::Unverified => builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(Unverified(provider)))
                .with_no_client_auth(),
            Tls::Verified(root) => {
                let mut roots = rustls::RootCertStore::empty();
                match root {
                    Some(file) => {
                        let certs = CertificateDer::pem_file_iter(file)
                            .and_then(|all| all.collect::<Result<Vec<_>, _>>())
                            .map_err(|e| StoreError(format!("store TLS: sslrootcert {file}: {e}")))?;
                        roots.add_parsable_certificates(certs);
                    }
                    None => {
                        roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
                    }
                }
                if roots.is_empty() {
                    return Err(StoreError("store TLS: no root certificate to verify the server with".to_string()));
                }
                builder.with_root_certificates(roots).with_no_client_auth()
            }
        };
        Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
    }
}

/// Accepts any certificate (libpq's `prefer` and `require`), still checking that the server
/// holds the key of the certificate it sent.
#[derive(Debug)]
struct Unverified(Arc<rustls::crypto::CryptoProvider>);

impl ServerCertVerifier for Unverified {
    fn verify_server_cert(
        &self,
        _: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: &ServerName<'_>,
        _: &[u8],
        _: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verified_modes_and_root_certificates_are_taken_out_of_the_address() {
        let none = |_: &str| None;
        assert_eq!(Tls::take("postgres://h/db", none), ("postgres://h/db".to_string(), Tls::Unverified));
        assert_eq!(
            Tls::take("postgres://h/db?sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem&options=x", none),
            ("postgres://h/db?options=x&sslmode=require".to_string(), Tls::Verified(Some("/etc/ca.pem".into())))
        );
        assert_eq!(
            Tls::take("postgres://h/db?sslmode=verify-ca&sslrootcert=system", none),
            ("postgres://h/db?sslmode=require".to_string(), Tls::Verified(None))
        );
        assert_eq!(
            Tls::take("postgres://h/db?sslmode=disable", none),
            ("postgres://h/db?sslmode=disable".to_string(), Tls::Unverified)
        );
        // The variables, when the address says nothing.
        let env = |name: &str| (name == "PGSSLMODE").then(|| "verify-full".to_string());
        assert_eq!(
            Tls::take("postgres://h/db", env),
            ("postgres://h/db?sslmode=require".to_string(), Tls::Verified(None))
        );
    }
}

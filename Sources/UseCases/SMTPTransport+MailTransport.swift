import SMTP

/// The SMTP module knows nothing of ours; here it becomes the transport mail is delivered through.
extension SMTPTransport: MailTransport {}

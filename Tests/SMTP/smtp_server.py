"""A real SMTP server for the tests (aiosmtpd): STARTTLS required, then AUTH LOGIN/PLAIN with one user, each message
saved as a file. Prints "port N" once it listens; stops when its standard input closes."""
import argparse
import os
import socket
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Saver:
    def __init__(self, folder):
        self.folder = folder

    async def handle_DATA(self, server, session, envelope):
        name = os.path.join(self.folder, f"{time.time_ns()}.eml")
        with open(name + ".tmp", "wb") as out:
            out.write(f"X-Envelope-From: {envelope.mail_from}\r\n".encode())
            out.write(f"X-Envelope-To: {','.join(envelope.rcpt_tos)}\r\n".encode())
            out.write(f"X-Authenticated-As: {session.auth_data.login.decode() if session.auth_data else ''}\r\n".encode())
            out.write(envelope.original_content or envelope.content)
        os.rename(name + ".tmp", name)
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--folder", required=True)
    arguments = parser.parse_args()

    def authenticate(server, session, envelope, mechanism, auth_data):
        if isinstance(auth_data, LoginPassword) and auth_data.login.decode() == arguments.user \
                and auth_data.password.decode() == arguments.password:
            return AuthResult(success=True, auth_data=auth_data)
        return AuthResult(success=False, handled=False)

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(arguments.cert, arguments.key)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    controller = Controller(Saver(arguments.folder), hostname="127.0.0.1", port=port, tls_context=context,
                            require_starttls=True, authenticator=authenticate, auth_required=True, auth_require_tls=True)
    controller.start()
    print(f"port {port}", flush=True)
    sys.stdin.read()
    controller.stop()


if __name__ == "__main__":
    main()

// A real IMAP server for the Inbox tests: Dovecot from Debian's packages (tests/setup/prepare.sh
// installs dovecot-imapd), started here with its own configuration in a temporary folder, on a
// free loopback port, plain IMAP with a static password. Every user name logs in with that password
// and gets its own Maildir, so each test can use a mailbox of its own. Tests put messages in with
// IMAP APPEND, as a mail server's delivery would.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const DOVECOT_BINARY = "/usr/sbin/dovecot";

export type Dovecot = { host: string; port: number; password: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForPort(port: number, child: ChildProcess, logPath: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}; see ${logPath}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("data", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not answer on port ${port} within ${ms} ms; see ${logPath}`);
}

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(
      "Dovecot is not installed: run `bash tests/setup/prepare.sh` (it installs dovecot-imapd from Debian's packages)",
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "cab-dovecot-"));
  const mail = path.join(dir, "mail");
  mkdirSync(mail);
  // Mail processes run as `nobody` (Dovecot refuses uid 0 for mail); they create each Maildir.
  chmodSync(dir, 0o755);
  chmodSync(mail, 0o777);
  const port = await freePort();
  const password = `imap-test-${Math.random().toString(36).slice(2)}`;
  const logPath = path.join(dir, "dovecot.log");
  const root = process.getuid?.() === 0;
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logPath}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${mail}/%u
default_internal_user = ${root ? "dovecot" : os.userInfo().username}
default_login_user = ${root ? "dovenull" : os.userInfo().username}
passdb {
  driver = static
  args = password=${password}
}
userdb {
  driver = static
  args = ${root ? "uid=nobody gid=nogroup" : `uid=${process.getuid?.()} gid=${process.getgid?.()}`} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  const configPath = path.join(dir, "dovecot.conf");
  writeFileSync(configPath, config);
  const child = spawn(DOVECOT_BINARY, ["-F", "-c", configPath], { stdio: ["ignore", "inherit", "inherit"] });
  await waitForPort(port, child, logPath);
  return {
    host: "127.0.0.1",
    port,
    password,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

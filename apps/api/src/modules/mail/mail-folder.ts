import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "@camatlas/db";

// Outside production without SMTP, mails land in DATA_DIR/mail as .eml files, each with a small JSON sidecar
// (recipient, subject, the links in the mail) so the dev listing and end-to-end tests need no MIME parsing.

export interface StoredMailSummary {
  file: string;
  to: string;
  subject: string;
  links: string[];
  created_at: string;
}

/** Only names this module writes are served, so a request cannot climb out of the folder. */
export const MAIL_FILE_PATTERN = /^[0-9]{8}T[0-9]{9}Z-[0-9a-f]{8}\.eml$/;

export function mailFolder(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** Writes one raw message; the name sorts by time (newest last). */
export async function storeMail(
  dataDir: string,
  raw: Buffer,
  summary: Omit<StoredMailSummary, "file" | "created_at">,
  now = new Date(),
): Promise<StoredMailSummary> {
  const folder = mailFolder(dataDir);
  // Reset links inside: the site user's alone, whatever the umask.
  await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  const file = `${stamp}-${randomBytes(4).toString("hex")}.eml`;
  const stored: StoredMailSummary = { ...summary, file, created_at: now.toISOString() };
  await writeFile(path.join(folder, file), raw, { mode: PRIVATE_FILE_MODE });
  await writeFile(path.join(folder, `${file}.json`), JSON.stringify(stored), { mode: PRIVATE_FILE_MODE });
  return stored;
}

/** Stored mails, newest first. */
export async function listStoredMails(dataDir: string): Promise<StoredMailSummary[]> {
  const folder = mailFolder(dataDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  const files = names
    .filter((name) => MAIL_FILE_PATTERN.test(name))
    .sort()
    .reverse();
  const summaries = await Promise.all(
    files.map(async (file) => {
      try {
        return JSON.parse(await readFile(path.join(folder, `${file}.json`), "utf8")) as StoredMailSummary;
      } catch {
        return { file, to: "", subject: "", links: [], created_at: "" };
      }
    }),
  );
  return summaries;
}

/** The raw .eml of a stored mail, or null for an unknown name. */
export async function readStoredMail(dataDir: string, file: string): Promise<Buffer | null> {
  if (!MAIL_FILE_PATTERN.test(file)) return null;
  return readFile(path.join(mailFolder(dataDir), file)).catch(() => null);
}

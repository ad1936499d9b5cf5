import fs from 'node:fs/promises';

/** Content-hashed files (remote chunks, catalog pictures, the shell's static/): cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A path segment we serve from: letters, digits, `_`, `.` and `-`, but never one made of dots only (`.`, `..`):
 * checked before the file system is asked anything, so no answer depends on what exists outside the served roots.
 */
export const SAFE_SEGMENT = /^(?!\.+$)[\w.-]+$/;

/** True when `file` is a regular file. */
export async function fileExists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

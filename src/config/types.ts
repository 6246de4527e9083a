// The contract of the file layer (src/config/): agents describe key edits, one executor plans and
// applies them. Plan, then apply: --dry-run, diffs and "already up to date" come from the plan.

export type FileFormat = 'json' | 'jsonc' | 'toml' | 'dotenv' | 'yaml';

/** A path of object keys (and array indexes) inside a document. dotenv: [VARIABLE]. */
export type KeyPath = readonly (string | number)[];

export interface KeyEdit {
  path: KeyPath;
  /** The value to set; `undefined` deletes the key (a no-op when absent). */
  value: unknown;
  /**
   * The path ends at a sequence index: insert the value there, moving the items from it on, instead
   * of replacing the item (an agent that uses the first entry of a list). Only the YAML editor
   * supports it; the others refuse such an edit.
   */
  insert?: true;
  /**
   * A new object member goes in front of this sibling, where the object has it (a value given back
   * where it stood). Only the JSON editor places it; elsewhere a new member goes last.
   */
  before?: string;
}

/** Everything one agent wants changed in one file. */
export interface FileEdit {
  /** Absolute path. */
  path: string;
  format: FileFormat;
  edits: KeyEdit[];
  /** The file holds the key after the edit: written with mode 0600. */
  secret?: boolean;
  /** Which agent asked (for reports). */
  owner?: string;
  /** The template to start from when the file does not exist (its name under templates/, e.g. `opencode/opencode.json`); default `{}` or empty. */
  template?: string;
}

type FileAction = 'created' | 'updated' | 'unchanged';

export interface PlannedFile {
  path: string;
  format: FileFormat;
  /** Current text, undefined when the file does not exist. */
  before?: string;
  after: string;
  action: FileAction;
  /** Mode to write: the existing file's mode, 0600 for secret files, else 0644. */
  mode: number;
  /** The existing file's mode (absent when the file does not exist); differs from `mode` when tightened. */
  beforeMode?: number;
  /**
   * Other names of the same file (hard links), when there are: the atomic write (a new file renamed
   * over this name) leaves them with the old content, so the user is told.
   */
  links?: number;
  secret: boolean;
  owner?: string;
  /** The run removes the file (`after` is empty): it did not exist before our first write. */
  remove?: true;
}

export interface AppliedFile {
  path: string;
  /** 'removed' only from restoreBackup: the file did not exist before the run that made the backup. */
  action: FileAction | 'removed';
  /** Where the previous content was copied to (absent when the file was created or unchanged). */
  backup?: string;
}

export interface BackupManifest {
  id: string;
  createdAt: string;
  /** The command that wrote it, e.g. "setup". */
  command: string;
  files: {
    path: string;
    backup?: string;
    existed: boolean;
    mode?: number;
    /**
     * SHA-256 of the bytes the run left in the file (null: it left no file), so restore can tell a
     * later edit from its own write. Absent in manifests of older versions.
     */
    written?: string | null;
    /**
     * The name of the copy of those bytes in the backup folder: the state our run left, so a later
     * `remove` can take out what it changed from a file the user edited since. Absent when the run
     * left no file, and in manifests of older versions.
     */
    writtenCopy?: string;
    /**
     * Only runs of ours changed the file from the state the oldest backup of it holds to the state
     * this run found: nothing of the user's would be lost by giving that oldest state back.
     * Absent in manifests of older versions (then nothing is given back whole).
     */
    chain?: boolean;
  }[];
}

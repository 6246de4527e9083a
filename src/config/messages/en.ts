// The English sentences of config files, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'cfg.changed_since_read': '{file} changed since it was read; nothing was written.',
  'cfg.run_again': 'Run the command again.',
  'cfg.cannot_write_alone': 'Cannot write {file} ({code}); no other file was changed.',
  'cfg.cannot_write_partial':
    'Cannot write {file} ({code}). Put back as they were: {putBack}. NOT put back, still holding what this run wrote (the key too): {left}.',
  'cfg.cannot_write_partial_hint':
    'Free some space, then put them back with `gateway-agent-setup restore --id {id}` (backup {id} holds them as they were).',
  'cfg.none': 'none',
  'cfg.link_not_writable':
    '{file} is a link to {target}, which cannot be written ({reason}): the file is kept by whatever made the link (a dotfiles manager, Nix home-manager). No file was changed.',
  'cfg.link_not_writable_hint':
    'Make the change where the file is kept (your home-manager settings for this agent, your dotfiles), or replace the link {file} with a file of your own; then run the command again.',
  'cfg.cannot_write': 'Cannot write {file} ({code}); the files written with it were put back.',
  'cfg.no_backups': 'No backups in {dir}: nothing to restore.',
  'cfg.no_backup_id': 'No backup with id {id} in {dir}.',
  'cfg.backup_damaged': 'Backup {id} is damaged ({file} has no saved copy); nothing more was restored.',
  'cfg.backup_missing': 'Backup {id} is missing {copy}; nothing more was restored.',
  'cfg.dotenv_after_quote': 'unexpected text after the closing quote',
  'cfg.dotenv_unterminated': 'unterminated {quote} quote (multi-line values are not supported)',
  'cfg.dotenv_line': 'expected KEY=value, a comment or a blank line',
  'cfg.top_level': 'the top level',
  'cfg.an_object': 'an object',
  'cfg.an_array': 'an array',
  'cfg.a_table': 'a table/object',
  'cfg.not_kind': '{file}: cannot edit below {where}: it is not {want}; the file was not touched.',
  'cfg.not_kind_hint': 'Fix that key by hand (or remove it), then run the command again.',
  'cfg.no_array': '{file}: cannot set {path}: the array {array} does not exist.',
  'cfg.array_items': '{file}: cannot set {path}: the array has {n} items.',
  'cfg.array_only_items': '{file}: cannot set {path}: the array has only {n} items.',
  'cfg.empty_path': '{file}: an edit has an empty key path.',
  'cfg.toml_layout': 'Cannot edit {file} without changing other settings; it was not touched.',
  'cfg.toml_layout_hint': 'Make the change by hand, or report this file layout as a bug.',
  'cfg.locked': 'Another gateway-agent-setup run holds {file} ({holder}); nothing was written.',
  'cfg.locked_hint': 'Wait for it to finish, then run the command again.',
  'cfg.json.trailing_comma': 'a trailing comma, which JSON does not allow',
  'cfg.json.comment': 'a comment, which JSON does not allow',
  'cfg.json.value': 'a value was expected (a trailing comma?)',
  'cfg.json.property': 'a property name was expected (a trailing comma?)',
  'cfg.json.comma': 'a comma was expected',
  'cfg.json.colon': 'a colon was expected',
  'cfg.json.close_brace': 'a closing } was expected',
  'cfg.json.close_bracket': 'a closing "]" was expected',
  'cfg.json.eof': 'text after the end of the document',
  'cfg.json.symbol': 'an unexpected character',
  'cfg.json.string': 'a string is not closed',
  'cfg.invalid_toml': 'invalid TOML',
  'cfg.invalid_yaml': 'invalid YAML',
  'cfg.yaml.not_mapping': 'the file is not a YAML mapping (key: value lines) at its top level',
  'cfg.not_utf8': '{file} is not valid UTF-8; it was not touched.',
  'cfg.not_utf8_hint': 'Save it as UTF-8, then run the command again.',
  'cfg.is_dir': '{file} is a directory, not a config file; nothing was written.',
  'cfg.cannot_read': 'Cannot read {file} ({code}); nothing was written.',
  'cfg.not_regular': '{file} is not a regular file; nothing was written.',
  'setup.windows_key_file':
    'On Windows a file mode means nothing: the key in {files} is protected by your user profile, which only your account (and administrators) can read. Keep it out of shared or synced folders.',
  'setup.windows_key_outside':
    "On Windows a file mode means nothing: the key in {files} is outside your user profile, so who can read it depends on that folder's permissions (this tool does not change them). Keep it in a folder only your account can read, or use --key-storage env.",
  'backup.keep_invalid': '{name}={value} is not a number of backups to keep',
  'backup.keep_invalid_hint': 'set {name} to a whole number, 1 or more (default 10), or unset it',
  'restore.refused': 'Nothing was restored: files changed after backup {id} was made.',
  'cfg.not_regular_hint': 'Move it away (or replace it with a regular file), then run the command again.',
  'cfg.too_deep': 'brackets nested more than {max} levels deep',
  'cfg.json.duplicate': 'the key "{key}" appears twice in one object (first on line {line}); agents would read only one of them',
  'fs.reason': '{reason} ({code})',
  'fs.enospc': 'no space left on the device',
  'fs.edquot': 'disk quota exceeded',
  'fs.erofs': 'the file system is read-only',
  'fs.eacces': 'permission denied',
  'fs.eio': 'an input/output error of the disk',
  'fs.emfile': 'too many open files',
  'fs.enametoolong': 'the path is too long',
  'fs.ebusy': 'it is a mount point, a file mounted on its own as into a container, which no file can be renamed over',
  'fs.ebusy_hint':
    'Mount the folder that holds it instead of the file alone, or run this where the file is not mounted; then run the command again.',
  'fs.cannot_write': 'Cannot write {file}: {reason}. Nothing was written.',
  'fs.cannot_write_hint': 'Free some space or fix the permissions, then run the command again.',
  'evaluated.command-prefix': 'starts with "!", which {agent} runs as a shell command',
  'evaluated.env-name': 'is a bare name, which {agent} replaces with the environment variable of that name',
  'evaluated.brace-substitution': 'holds "{env:" or "{file:", which {agent} replaces with a variable or a file\'s content',
  'evaluated.template': 'holds "${{", which {agent} fills in from its secrets',
  'evaluated.shell-expansion': 'holds "$" or a backtick, which {agent} expands as a variable or a command',
  'evaluated.field.key': 'the key',
  'evaluated.field.base_url': 'the base URL',
  'evaluated.field.model': 'the model id',
  'evaluated.refused': '{agent}: {field} {value} {why}; it is not written into {file}. Nothing was written.',
  'evaluated.hint.key':
    'Use --key-storage env (the agent then reads the key from a variable, not from its file), or a key without those characters.',
  'evaluated.hint.base_url': "Give the gateway's address without those characters.",
  'evaluated.hint.model': 'Choose another model with --model (`gateway-agent-setup models` lists them).',
  'restore.none_to_restore': 'No backups in {dir}: nothing to restore.',
  'restore.none_hint': "Each command that changes an agent's files keeps a backup first; none has changed a file here yet.",
  'restore.no_such': 'No backup with id {id}.',
  'restore.no_such_hint': 'Backups: {ids} (see `{bin} restore --list`).',
  'restore.changed_since': '{file}: {why}',
  'restore.why_changed': 'changed after backup {id} was made (by you or another program); restoring would lose that change',
  'restore.why_filled': 'created by the run of backup {id} and changed since; restoring would delete it',
  'restore.refused_hint':
    'Keep your changes, or run `{bin} restore --force` to restore anyway: the current files are first copied into a new backup.',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));

/** A failure of a data command (backup, restore, move-to-postgres) the operator can fix: the CLI prints one line. */
export class DataCommandError extends Error {}

/**
 * What the store needs from the app itself, as file name -> text: the numbered SQL migrations
 * and the seed data files. The build bundles them (bundled.ts); a test can hand in its own.
 */
export interface StoreAssets {
  /** "001_init.sql" -> its SQL. */
  migrations: Readonly<Record<string, string>>;
  /** "cards.json", "offers.json", "models.json", "reference-runs.json" -> their JSON text. */
  data: DataFiles;
  /**
   * sha256 (hex) of a data file's text, where the build worked it out (bundled.ts): a start compares it with the
   * hash of the last seed without reading the file. A file without one is hashed from its text.
   */
  dataSha256?: Readonly<Record<string, string>>;
}

export type DataFiles = Readonly<Record<string, string>>;

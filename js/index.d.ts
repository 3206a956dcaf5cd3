// Types of the dokoref npm package (index.js).

/** Where to find the WebAssembly module; by default dokoref.wasm beside index.js. */
export interface CreateOptions {
  /** The module's bytes, when the caller has them already. */
  wasmBinary?: Uint8Array | ArrayBuffer;
  /** Its URL (or path in Node, as a file: URL), resolved against index.js. */
  wasmUrl?: string | URL;
}

/** The bytes or text of a record: dokoref XML (plain or gzip), the
 *  notation, a FreeDoko bug report or gameplay log, a score sheet. */
export type Input = Uint8Array | ArrayBuffer | ArrayBufferView | string;

export type Format = 'json' | 'text' | 'html';

export interface JudgeOptions {
  /** A shipped rule set's name ("ddv", "turnier-2022", see rulesets())
   *  to judge every game under instead of the record's own. */
  rules?: string;
  /** A rule set as YAML text (the table's own); wins over rules. */
  rulesYaml?: string | Uint8Array;
  /** The name that YAML stands for in messages (default "rules.yaml"). */
  rulesName?: string;
  /** The language of the text and HTML: "en" (default) or "de". */
  lang?: 'en' | 'de' | string;
  /** The renderings wanted (default all three); JSON is always judged. */
  format?: Format | Format[];
  /** The file's name in the JSON and in messages (default "<memory>"). */
  name?: string;
  /** Only the N-th game of the record (as `dokoref check --game N`). */
  game?: number;
  /** Positions the search behind a finding's cost may visit per
   *  question (0: no limit; default 50 000 000). */
  searchLimit?: number;
  /** Judge a FreeDoko file although its rules have options dokoref
   *  cannot express. */
  acceptRuleDifferences?: boolean;
  /** Refuse gzip input inflating beyond this many bytes (default 1 GiB). */
  maxInputSize?: number;
  /** Files to put into the module's file system for this call, by path
   *  (a rule set a record names by its path, relative to name). */
  files?: Record<string, string | Uint8Array>;
  /** The session so far (a record in any format, with a session whose
   *  games come before the input's): the input's games are judged as its
   *  next games, as `dokoref check` judges them in one file: the dealer's
   *  turn, the Bock games pending, the duty soli, the standings. */
  session?: Input;
  /** The session's name in messages (default "<session>"). */
  sessionName?: string;
}

export interface Progress {
  /** Games judged so far. */
  done: number;
  /** Games in the file (counted before judging). */
  total: number;
  /** The number in the file of the game about to be judged; 0 at the end. */
  game: number;
}

export interface AuditOptions extends JudgeOptions {
  onProgress?: (p: Progress) => void;
}

/** An error or warning about the input, as `dokoref` prints it. */
export interface Message {
  severity: 'error' | 'warning';
  /** The file ("" when not about one); line and column from 1, 0 unknown. */
  file: string;
  line: number;
  column: number;
  message: string;
  /** "file:line:col: error: message" */
  text: string;
}

export interface Game {
  /** Its number in the file, from 1. */
  index: number;
  /** The rule set it was judged under. */
  rules: string;
  /** Irregularities and record defects; warnings. */
  errors: number;
  warnings: number;
  /** Its line of `dokoref check --format json`. */
  json: string;
  /** Its part of `dokoref check` (text), or null if not asked for. */
  text: string | null;
}

/** What `dokoref check` counts in its last line. */
export interface Tally {
  games: number;
  withFindings: number;
  findings: number;
  warnings: number;
  scoresRight: number;
  scoresWrong: number;
  foreign: number;
  foreignSame: number;
  foreignExplained: number;
  foreignDiffer: number;
}

export interface Result {
  /** `dokoref check`'s exit status: 0 all regular, 1 findings or a wrong
   *  recorded score, 3 invalid input, 4 the input could not be read. */
  status: 0 | 1 | 3 | 4;
  /** `dokoref check --format json`'s output, byte for byte ("" for no game). */
  json: string | null;
  /** `dokoref check`'s text output in lang, with its last line. */
  text: string | null;
  /** `dokoref show --format html`'s page of every game judged, byte for
   *  byte when name is the path show was given (null for none). */
  html: string | null;
  games: Game[];
  messages: Message[];
  /** null when the record could not be opened. */
  tally: Tally | null;
}

export interface AuditResult extends Result {
  /** `dokoref audit --format json`'s output, byte for byte. */
  json: string;
  /** `dokoref audit`'s exit status (2: nothing audited). */
  status: 0 | 1 | 2 | 3 | 4;
  /** `dokoref check --format json`'s lines for the same games. */
  checkJson: string | null;
}

export interface RuleSet {
  /** The name rules takes. */
  name: string;
  /** Its YAML text. */
  yaml: string;
}

export interface LoadedRules {
  ok: boolean;
  /** The rule set's own name (from its YAML), null if it did not load. */
  name: string | null;
  messages: Message[];
}

export declare class Dokoref {
  private constructor();
  /** libdokoref's version, "0.1.0". */
  readonly version: string;
  /** Judge every game of a record, as `dokoref check` does. */
  judge(input: Input, opts?: JudgeOptions): Result;
  /** `dokoref audit` over a whole file, game by game with progress,
   *  yielding between games: json and status are `dokoref audit --format
   *  json`'s output (byte for byte) and exit status. */
  audit(input: Input, opts?: AuditOptions): Promise<AuditResult>;
  /** The rule sets shipped inside the module. */
  rulesets(): RuleSet[];
  /** Check YAML text as a rule set. */
  loadRules(yaml: string | Uint8Array, name?: string): LoadedRules;
  /** A finding's name as `dokoref check` prints it in lang (the code
   *  itself in English, a German name in German); null if unknown. */
  findingName(code: string, lang?: 'en' | 'de' | string): string | null;
}

/** Load the WebAssembly module and make an engine. */
export declare function createDokoref(opts?: CreateOptions): Promise<Dokoref>;
export default createDokoref;

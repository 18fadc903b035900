// A script that acts as 1C:Предприятие in «Обмен с сайтом»: HTTP Basic at checkauth, the cookie of its
// answer on every later call, init's zip and file_limit, files sent in parts no larger than file_limit,
// import called again while the answer is progress. Through the app's HTTP handling (inject). The tests and
// the bench (bench/exchange1c.ts) both drive it; a protocol answer it does not expect throws.
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  lines: string[];
}

export class OneC {
  cookie: string | null = null;
  fileLimit = 0;
  zip = false;
  /** Every import answer, in order (the test reads the progress lines). */
  imports: string[] = [];

  constructor(
    private app: FastifyInstance,
    private type: 'catalog' | 'sale',
    private url = '/api/1c/exchange',
  ) {}

  async call(
    mode: string,
    opts: { filename?: string; body?: Buffer; auth?: string; cookie?: string | null } = {},
  ): Promise<Answer> {
    const query = new URLSearchParams({
      type: this.type,
      mode,
      ...(opts.filename ? { filename: opts.filename } : {}),
    });
    const cookie = opts.cookie === undefined ? this.cookie : opts.cookie;
    const res = await this.app.inject({
      method: opts.body ? 'POST' : 'GET',
      url: `${this.url}?${query}`,
      headers: {
        ...(opts.auth ? { authorization: opts.auth } : {}),
        ...(cookie ? { cookie } : {}),
        ...(opts.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(opts.body ? { payload: opts.body } : {}),
    });
    const body = res.body;
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type']),
      body,
      lines: body.split('\n'),
    };
  }

  async checkauth(login: string, password: string): Promise<Answer> {
    const auth = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
    const a = await this.call('checkauth', { auth, cookie: null });
    if (a.lines[0] === 'success') this.cookie = `${a.lines[1]}=${a.lines[2]}`;
    return a;
  }

  async init(): Promise<Answer> {
    const a = await this.call('init');
    if (!/^zip=(yes|no)$/.test(a.lines[0] ?? '')) throw new Error(`init answered ${a.body}`);
    this.zip = a.lines[0] === 'zip=yes';
    this.fileLimit = Number(/^file_limit=(\d+)$/.exec(a.lines[1] ?? '')?.[1]);
    if (!(this.fileLimit > 0)) throw new Error(`init answered no file_limit: ${a.body}`);
    return a;
  }

  /** Sends a file in parts of at most `part` bytes (file_limit by default), each answered success. */
  async send(filename: string, data: Buffer | string, part = this.fileLimit): Promise<void> {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    for (let at = 0; at < bytes.length; at += part) {
      const a = await this.call('file', {
        filename,
        body: bytes.subarray(at, Math.min(at + part, bytes.length)),
      });
      if (!a.body.startsWith('success')) throw new Error(`file ${filename} at ${at}: ${a.body}`);
    }
  }

  /** Calls import until success (or failure, answered); more than `max` progress answers is a failure. */
  async importFile(filename: string, max = 200): Promise<Answer> {
    for (let i = 0; i < max; i++) {
      const a = await this.call('import', { filename });
      this.imports.push(a.body);
      if (!a.contentType.startsWith('text/plain'))
        throw new Error(`import answered ${a.status} ${a.contentType}: ${a.body.slice(0, 500)}`);
      if (a.lines[0] !== 'progress') return a;
    }
    throw new Error(`import of ${filename}: still progress after ${max} calls`);
  }
}

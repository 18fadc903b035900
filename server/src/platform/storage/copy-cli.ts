// npm run storage:copy -- [--from DIR] [--skip-variants]: copies an uploads folder (UPLOADS_DIR by default)
// into the bucket the S3_* variables name, printing every file it copies. Run it again at will: files
// already there with the same size are skipped (docs/deployment.md, "Pictures on object storage").
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { copyFolder } from './copy';
import { createStorage } from './index';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    'skip-variants': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const usage =
  'Usage: npm run storage:copy -- [--from DIR] [--skip-variants]\n' +
  '  Copies DIR (default UPLOADS_DIR) into the S3 bucket of the S3_* variables; files already there with the\n' +
  '  same size are skipped. --skip-variants leaves out .variants/ (the /img WebP files, made again on request).';
if (values.help) {
  console.log(usage);
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!config.s3) {
  console.error(
    `S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not set: nowhere to copy to.\n${usage}`,
  );
  process.exit(1);
}
const from = resolve(values.from ?? config.uploadsDir);
if (!existsSync(from)) {
  console.error(`No folder ${from}`);
  process.exit(1);
}
const where = `s3://${config.s3.bucket}/${config.s3.prefix}`;
console.log(`copying ${from} to ${where}${values['skip-variants'] ? ' (without .variants/)' : ''}`);
const started = performance.now();
const result = await copyFolder(from, createStorage(config), {
  variants: !values['skip-variants'],
  onCopied: (key, size) => console.log(`copied ${key} (${size} bytes)`),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `done in ${seconds} s: ${result.copied} files copied (${(result.bytes / 1024 / 1024).toFixed(1)} MB), ` +
    `${result.skipped} already there`,
);

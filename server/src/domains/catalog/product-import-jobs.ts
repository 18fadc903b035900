// The products CSV import as background jobs (jobs/runner.ts): the check of a file
// (products-import-preview) and the import itself (products-import), each run with the rights of whoever
// started it. The import checks the file again (the catalogue may have moved since the preview) and writes
// its real changes in one transaction that also marks the job done; a file with errors fails the job with
// the report of every row and nothing written.
import type { Db } from '../../platform/db';
import { JobFailure, type JobHandler, type JobKind } from '../../platform/jobs/runner';
import { analyseImport, writeImport } from './product-import';
import type { CrudContext, Registry } from '../../platform/crud/types';

export function productImportJobs(db: Db, registry: Registry): Partial<Record<JobKind, JobHandler>> {
  const def = registry.get('products');
  if (!def) return {};
  const contextOf = (actor: CrudContext['actor']): CrudContext => ({
    db,
    registry,
    def,
    role: actor?.role ?? '',
    actor,
  });
  return {
    'products-import-preview': async (job, io) => {
      const { report } = await analyseImport(contextOf(job.actor), job.input ?? '', {
        onStart: (rows) => io.stage('Проверка файла', rows),
        onProgress: (rows) => io.progress(rows),
      });
      return report;
    },
    'products-import': async (job, io) => {
      const ctx = contextOf(job.actor);
      const { report, plan } = await analyseImport(ctx, job.input ?? '', {
        onStart: (rows) => io.stage('Проверка файла', rows),
        onProgress: (rows) => io.progress(rows),
      });
      if (!report.valid) throw new JobFailure('В файле есть ошибки: ничего не записано', report);
      await io.stage('Запись', plan.length);
      await writeImport(ctx, plan, {
        onProgress: (written) => io.progress(written),
        finish: (tx) => io.finish(tx, report),
      });
      return report;
    },
  };
}

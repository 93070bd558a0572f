import { and, eq } from 'drizzle-orm';
import { PICKUP_MESSAGES } from '@courier/shared/schemas/integrations';
import type { ImportRowResult } from '@courier/shared/schemas/package-imports';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { notify } from '../notifications/index';

/** Refused rows named in the notice; the report has them all. */
const NAMED_ROWS = 5;

export interface ImportProblem {
  fileName: string;
  importId: number | null;
  /** Why the whole file failed, or null when it was read. */
  error: string | null;
  totalRows: number | null;
  refused: number;
  report: ImportRowResult[];
}

const rowLine = (r: ImportRowResult) => `Row ${r.row}${r.trackingNumber ? ` (${r.trackingNumber})` : ''}: ${r.messages.join('; ')}`;

/**
 * A file from the agent's folder that was refused in whole or in part reaches the courier's
 * admins: a notice in their bell and an e-mail each, naming the rows and linking to the report.
 */
export async function noticeImportProblem(s: Services, courierId: number, problem: ImportProblem): Promise<void> {
  const title = problem.error
    ? PICKUP_MESSAGES.fileFailed(problem.fileName)
    : PICKUP_MESSAGES.rowsRefused(problem.fileName, problem.refused, problem.totalRows ?? problem.refused);
  const refusedRows = problem.report.filter((r) => r.outcome === 'invalid');
  const lines = problem.error
    ? [problem.error]
    : [
        ...refusedRows.slice(0, NAMED_ROWS).map(rowLine),
        ...(refusedRows.length > NAMED_ROWS ? [`and ${refusedRows.length - NAMED_ROWS} more rows (see the report)`] : []),
      ];
  const body = [...lines, PICKUP_MESSAGES.fixHint].join('\n');
  const admins = await s.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.courierId, courierId), eq(users.role, 'courier_admin'), eq(users.active, true)));
  const link = await s.mailer.link(
    courierId,
    problem.importId ? `/admin/package-import?import=${problem.importId}` : '/admin/package-import',
  );
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await notify(tx, {
      courierId,
      type: 'import_problem',
      audience: 'admins',
      title,
      body: lines.join('\n'),
      target: problem.importId ? { kind: 'package_import', ref: String(problem.importId) } : null,
    });
    await s.mailer.enqueueMany(
      admins.map((a) => ({ courierId, to: a.email, subject: title, text: `${body}\n\nThe file and its report: ${link}` })),
      tx,
    );
  });
}

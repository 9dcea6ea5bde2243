import { writeReport } from './report.ts';

export default async function globalTeardown(): Promise<void> {
  const path = await writeReport();
  if (path) console.info(`Visual report: ${path}`);
}

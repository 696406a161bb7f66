/** Entry point of the operators' commands (src/ops): migrate, backup, restore. */
import { runOps } from './src/ops/cli.js';

process.exitCode = await runOps(process.argv.slice(2), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`${text}\n`));

/**
 * Part of `npm run lint`: validates every GitHub Actions workflow (.github/workflows/) against the
 * workflow schema, offline. Prints one line per problem and exits 1 when there is any.
 */
import { validateWorkflowFiles } from './workflows/validate-workflows.ts';

const { files, problems } = validateWorkflowFiles();
if (problems.length === 0) console.log(`${files.length} workflows: valid`);
for (const problem of problems) console.log(problem);
if (problems.length > 0) {
  console.error(`error: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the workflows`);
  console.error("hint: fix each line above (file#path: what the schema expects); GitHub's docs list the keys");
  process.exitCode = 1;
}

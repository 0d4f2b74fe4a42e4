/** The verdict is the domain's (src-main/domain/estimate/verdict.ts), so the CLI, the app and the ranking agree. */
export { fitVerdict, verdictFor, type Verdict } from '../../src-main/domain/estimate/verdict';

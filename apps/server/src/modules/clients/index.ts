/**
 * The clients module's public surface. Other modules change an establishment only through these
 * commands, inside their own transaction (`tx`).
 */
export { markEvaluationFinished, setEvaluationDate } from "./client-evaluation-commands.js";

/**
 * Enterprise facts read from the read models, and condition trees (events/conditions/tree.ts) compiled to
 * SQL over them. Two paths that agree: `enterprisesMeeting` finds the enterprises meeting a condition in
 * SQL (fast, every enterprise), `loadFacts` reads the facts the pure evaluator (events/conditions/evaluate.ts)
 * explains with its trace. Both read one SQL expression per fact (queries.ts), as of a day.
 */
export { asOfDay, compileCondition, enterprisesMeeting, factSql, loadFacts, readableFacts, type MeetingPage } from "./queries.ts";

import { describeDemoConsistency } from "./demo-consistency-suite.js";

describeDemoConsistency("demo data consistency", undefined, { crossEngine: true });

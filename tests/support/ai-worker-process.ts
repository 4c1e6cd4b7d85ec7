// A worker process running only the ai-analysis queue with a short lock, for
// the test that kills a worker in the middle of an analysis (SIGKILL: no
// goodbye) and checks that another worker finishes what it left.
import { startWorkers } from "../../workers/index";

const lockMs = Number(process.env.TEST_AI_LOCK_MS ?? 1000);
await startWorkers({ queues: ["ai-analysis"], policies: { "ai-analysis": { lockMs } } });
process.stdout.write("ready\n");

import { Queue, type JobsOptions } from "bullmq";
import { getEnv } from "~/env.server";
import { onShutdown } from "~/server/lifecycle.server";
import { forgetSingleton, singleton } from "~/server/singleton.server";
import { createRedisConnection } from "~/server/redis.server";
import { jobOptionsFor, jobPayloadSchemas, QUEUE_NAMES, type JobPayload, type QueueName } from "./queues";

// Producer side of the queues: one shared connection and one Queue per name
// for the whole process.
function registry() {
  return singleton("queues", () => {
    const state = { connection: createRedisConnection("queue"), queues: new Map<QueueName, Queue>() };
    onShutdown("queues", 50, async () => {
      forgetSingleton("queues");
      await Promise.all([...state.queues.values()].map((queue) => queue.close()));
      await state.connection.quit().catch(() => state.connection.disconnect());
    });
    return state;
  });
}

export function getQueue(name: QueueName): Queue {
  const { connection, queues } = registry();
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, { connection, prefix: getEnv().QUEUE_PREFIX, defaultJobOptions: jobOptionsFor(name) });
    queue.on("error", () => {});
    queues.set(name, queue);
  }
  return queue;
}

export function getAllQueues(): Queue[] {
  return QUEUE_NAMES.map(getQueue);
}

/** Validates the payload against its queue's schema and adds the job. */
export async function enqueue<Q extends QueueName>(name: Q, payload: JobPayload<Q>, options: JobsOptions = {}) {
  const data = jobPayloadSchemas[name].parse(payload);
  return getQueue(name).add(name, data, options);
}

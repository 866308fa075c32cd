// A worker for the photos queue only, in its own process (so it can have its own object store:
// the S3 test server's). Started by tests/setup/photos.ts; stops on SIGTERM.
import { startWorker } from "../../jobs/worker";
import { processors } from "../../jobs/processors/index";
import { PHOTOS_QUEUE } from "../../jobs/queues";

const worker = await startWorker({
  prefix: process.env.QUEUE_PREFIX,
  concurrency: 2,
  registry: { [PHOTOS_QUEUE]: processors[PHOTOS_QUEUE] },
  schedulers: false,
});
console.log("photos worker ready");
process.on("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});

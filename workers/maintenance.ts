import { buildExport, deleteExpiredExports } from "~/modules/account-data/exports.server";
import { deleteStaleDevices } from "~/modules/auth/devices.server";
import { deleteExpiredSessions } from "~/modules/auth/session.server";
import { completeDueOrders } from "~/modules/orders/moves.server";
import { notifyPremiumEnding } from "~/modules/notifications/premium-ending.server";
import { checkPriceAlerts } from "~/modules/prices/alerts.server";
import { refreshPriceFigures } from "~/modules/prices/prices.server";
import { deleteOldRecords } from "~/modules/retention/retention.server";
import { sweepIndexChanges } from "~/modules/search/indexing.server";
import type { Processor } from "./types";

// Housekeeping on a schedule (see MAINTENANCE_SCHEDULE in app/jobs/queues.ts).
export const processMaintenance: Processor<"maintenance"> = async (job, { log }) => {
  switch (job.data.task) {
    case "delete-expired-sessions": {
      // And the browsers no account has been signed in from for 90 days.
      const deleted = await deleteExpiredSessions();
      const forgottenDevices = await deleteStaleDevices();
      log.info({ deleted, forgottenDevices }, "expired sessions deleted");
      return { task: job.data.task, deleted, forgottenDevices };
    }
    case "sweep-search-index": {
      const applied = await sweepIndexChanges();
      if (applied > 0) log.info({ applied }, "search index changes applied by the sweep");
      return { task: job.data.task, applied };
    }
    case "delete-expired-exports": {
      const removed = await deleteExpiredExports();
      if (removed > 0) log.info({ removed }, "expired account exports removed");
      return { task: job.data.task, removed };
    }
    case "delete-old-records": {
      const removed = await deleteOldRecords();
      log.info(removed, "records past their keeping period deleted");
      return { task: job.data.task, ...removed };
    }
    case "complete-delivered-orders": {
      const completed = await completeDueOrders();
      if (completed > 0) log.info({ completed }, "delivered orders completed after their week");
      return { task: job.data.task, completed };
    }
    case "notify-premium-ending": {
      const sent = await notifyPremiumEnding();
      if (sent > 0) log.info({ sent }, "told of premium access about to end");
      return { task: job.data.task, sent };
    }
    case "refresh-price-figures": {
      const weeks = await refreshPriceFigures();
      if (weeks > 0) log.info({ weeks }, "price figures worked out again");
      // The alerts read the new figures and the new prices: told after they are worked out.
      const told = await checkPriceAlerts();
      if (told > 0) log.info({ told }, "price alerts told");
      return { task: job.data.task, weeks, told };
    }
    case "account-export": {
      const made = await buildExport(job.data.exportId);
      log.info({ exportId: job.data.exportId, ...made }, "account export made");
      return { task: job.data.task, ...made };
    }
  }
};

import { oldestRequests, sellerOrderDetail } from "~/modules/orders/phone-requests.server";
import { moveOrder } from "~/modules/orders/moves.server";
import type { MoveInput } from "~/modules/orders/types";
import { Refusal } from "~/server/refusal";
import { USSD_LIST_SIZE } from "../constants";
import { con, end, type FlowScreens, type Reply, type Turn } from "../dispatch";
import type { RequestedOrder } from "../state";
import { naira, numbered, picked, toMenu, unitsOf } from "./words";

// "My orders": the requests waiting for the caller's answer, and accepting or declining one (with
// a reason) as the order page does, through the orders module.

const DECLINE_REASONS = ["soldOut", "price", "far", "other"] as const;

async function answerOrder(turn: Turn, order: RequestedOrder, move: MoveInput): Promise<Reply> {
  const { t, session } = turn;
  if (!session.userId) return turn.go({ name: "menu" });
  try {
    await moveOrder(order.id, session.userId, move, turn.now);
  } catch (error) {
    if (error instanceof Refusal && error.status === 409 && error.code === "DB_CONSTRAINT_VIOLATION")
      return end(t("ussd.noLongerApplies"));
    if (error instanceof Refusal) return end(t(error.message, { ...error.params, name: error.params?.name ?? "" }));
    throw error;
  }
  const said = move.action === "accept" ? "ussd.accepted" : "ussd.declined";
  return end(t(said, { reference: order.reference, buyer: order.buyer }));
}

export const myOrdersScreens: FlowScreens<"myOrders" | "orderAction" | "declineReason"> = {
  myOrders: {
    show: async (screen, turn, notes) => {
      const { t, session } = turn;
      if (!session.userId) return turn.go({ name: "menu" });
      const orders = await oldestRequests(session.userId, USSD_LIST_SIZE);
      if (orders.length === 0) return end(...notes, t("ussd.noOrders"));
      return turn.shows(
        { ...screen, offered: orders.map((order) => order.id) },
        con(
          [...notes, t("ussd.myOrders")],
          numbered(orders.map((order) => `${order.reference} ${order.buyer} ${naira(order.totalNgn)}`)),
          toMenu(t),
        ),
      );
    },
    answer: (screen, answer, turn) => {
      const orderId = picked(screen.offered, answer);
      if (!orderId) return turn.go({ ...screen, offered: [] }, [turn.t("ussd.invalidChoice")]);
      return turn.go({ name: "orderAction", orderId, order: null });
    },
  },
  orderAction: {
    show: async (screen, turn, notes) => {
      const { t, session } = turn;
      if (!session.userId) return turn.go({ name: "menu" });
      const order = await sellerOrderDetail(screen.orderId, session.userId);
      if (!order) return turn.go({ name: "menu" });
      const summary = order.items.map((item) => `${item.quantity} ${unitsOf(t, item.unit)} ${item.name}`).join(", ");
      return turn.shows(
        { ...screen, order: { id: order.id, reference: order.reference, buyer: order.buyer } },
        con(
          [
            ...notes,
            t("ussd.orderDetail", {
              reference: order.reference,
              buyer: order.buyer,
              summary,
              total: naira(order.totalNgn),
            }),
          ],
          [
            { key: "1", label: t("ussd.accept") },
            { key: "2", label: t("ussd.decline") },
          ],
          toMenu(t),
        ),
      );
    },
    answer: (screen, answer, turn) => {
      const { order } = screen;
      if (!order) return turn.go({ name: "menu" });
      if (answer === "1") return answerOrder(turn, order, { action: "accept", input: {} });
      if (answer === "2") return turn.go({ name: "declineReason", order });
      return turn.go({ ...screen, order: null }, [turn.t("ussd.invalidChoice")]);
    },
  },
  declineReason: {
    show: (_screen, { t }, notes) =>
      con(
        [...notes, t("ussd.declineWhy")],
        numbered(DECLINE_REASONS.map((reason) => t(`ussd.declineReasons.${reason}`))),
      ),
    answer: (screen, answer, turn) => {
      const { t } = turn;
      const reason = picked(DECLINE_REASONS, answer);
      if (!reason) return turn.go(screen, [t("ussd.invalidChoice")]);
      return answerOrder(turn, screen.order, {
        action: "decline",
        input: { reason: t(`ussd.declineReasons.${reason}`) },
      });
    },
  },
};

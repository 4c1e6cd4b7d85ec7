import type { ScreenTable } from "../dispatch";
import { buyScreens } from "./buy";
import { chooseScreens } from "./choose";
import { menuScreens } from "./menu";
import { myListingsScreens } from "./my-listings";
import { myOrdersScreens } from "./my-orders";
import { pinScreens } from "./pin";
import { pricesScreens } from "./prices";
import { sellScreens } from "./sell";

/** Every screen of the USSD menu, by name: each flow's own, in one table. */
export const SCREENS: ScreenTable = {
  ...menuScreens,
  ...chooseScreens,
  ...pricesScreens,
  ...buyScreens,
  ...pinScreens,
  ...sellScreens,
  ...myListingsScreens,
  ...myOrdersScreens,
};

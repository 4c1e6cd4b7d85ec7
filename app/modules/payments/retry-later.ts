/** An event names something not known here yet (events arrive out of order): the worker tries it again later. */
export class RetryLater extends Error {
  override readonly name = "RetryLater";
}

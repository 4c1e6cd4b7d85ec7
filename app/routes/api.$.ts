import type { LoaderFunctionArgs } from "@remix-run/node";
import { refusalResponse } from "~/server/http/api.server";
import { Refusal } from "~/server/refusal";

// Any /api address that no route answers: 404 in the catalogue's JSON, whatever the method.
const notFound = ({ request }: LoaderFunctionArgs) =>
  refusalResponse(request, new Refusal("DB_RECORD_NOT_FOUND", "apiErrors.noSuchAddress"));

// Public: an address no route answers is refused the same for everyone.
export const loader = notFound;
// Public: whatever the method.
export const action = notFound;

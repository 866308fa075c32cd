import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/utils/auth.server";

export const loader = () => redirect("/");
export const action = ({ request }: ActionFunctionArgs) => logout(request);

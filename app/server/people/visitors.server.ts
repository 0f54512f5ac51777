import { visitors } from "../../../database/schema";
import { services } from "../platform/services.server";

export interface VisitorMessage {
  name: string;
  mobile: string;
  email: string;
  message: string;
}

/** Keeps a message sent through the connect form (staff read them in the reports). */
export async function saveVisitorMessage(visitor: VisitorMessage): Promise<void> {
  await services().db.insert(visitors).values({
    name: visitor.name,
    mobile: visitor.mobile,
    email: visitor.email,
    message: visitor.message,
  });
}

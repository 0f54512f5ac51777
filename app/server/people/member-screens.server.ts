import { redirectWithToast } from "../http/toast.server";

/**
 * The member a staff screen is about: when there is none (a removed member, a mistyped address),
 * staff go back to the membership list with the spec's toast.
 */
export async function memberOrBackToList<T>(request: Request, member: T | null): Promise<T> {
  if (member) return member;
  throw await redirectWithToast(
    "/members/details",
    {
      title: "Error fetching member",
      description: "That member could not be found.",
      variant: "destructive",
    },
    request,
  );
}

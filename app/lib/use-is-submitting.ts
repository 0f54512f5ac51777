import { useNavigation } from "react-router";

/** Whether this page is sending the form whose submit carries `intent`, to show that button busy. */
export function useIsSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * What every view of one event starts from: the list's card, the page's JSON-LD and (to adopt)
 * the calendar file, each adding what it shows besides.
 */
export interface EventEssentials {
  id: string;
  title: string;
  eventDate: string;
  eventTime: string;
  eventEndTime: string | null;
  locationName: string;
}

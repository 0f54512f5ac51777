/**
 * A map site's search for a place: the church's map link unless staff give one of their own, so
 * it follows the address when the address changes.
 */
export function mapSearchUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

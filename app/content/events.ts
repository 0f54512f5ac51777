// Pictures for events that staff add without one of their own.

/** An event with this title (ignoring spaces and capitals) and no image of its own shows `image`. */
export interface TitledEventImage {
  title: string;
  /** A path under public/. */
  image: string;
}

/** The spec: the event titled 'IronMen Basketball Fellowship' gets a fixed default image. */
export const titledEventImages: TitledEventImage[] = [
  { title: "IronMen Basketball Fellowship", image: "/images/ironmen-basketball.svg" },
];

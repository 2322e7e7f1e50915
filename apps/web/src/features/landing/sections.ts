/**
 * Lays out now every landing section above `section` that `content-visibility: auto` has skipped
 * (landing.css): a section that was never near the viewport keeps its estimated height until it
 * is. A scroll aimed at `section` while one of them still had its estimate ended off target once
 * it took its real height on the way: at 1280 px the features section is 266 px shorter than its
 * estimate, so "Learn More" from the roadmap stopped with the pricing heading above the screen.
 * Once laid out, they stay so (the visitor is already far down the page).
 */
export function layOutSectionsAbove(section: HTMLElement): void {
  for (let node = section.previousElementSibling; node; node = node.previousElementSibling) {
    if (node instanceof HTMLElement && node.classList.contains("landing-section")) {
      node.style.contentVisibility = "visible";
    }
  }
}

import { DEFAULT_BLUE_TEAM_NAME, DEFAULT_RED_TEAM_NAME } from "@draftroom/contracts";

export interface LeagueSeed {
  name: string;
  short_name: string;
  region: string;
  teams: ReadonlyArray<{ name: string; short_name: string }>;
}

/**
 * The major professional leagues of the 2025 season with their teams, plus "Scrims" for
 * practice drafts between unnamed sides. Seeded by name, so renaming one adds a new row.
 */
export const LEAGUE_SEEDS: readonly LeagueSeed[] = [
  {
    name: "LCK",
    short_name: "LCK",
    region: "Korea",
    teams: [
      { name: "Gen.G", short_name: "GEN" },
      { name: "T1", short_name: "T1" },
      { name: "Hanwha Life Esports", short_name: "HLE" },
      { name: "KT Rolster", short_name: "KT" },
      { name: "Dplus KIA", short_name: "DK" },
      { name: "BNK FEARX", short_name: "BFX" },
      { name: "Nongshim RedForce", short_name: "NS" },
      { name: "DN Freecs", short_name: "DNF" },
      { name: "OKSavingsBank BRION", short_name: "BRO" },
      { name: "DRX", short_name: "DRX" },
    ],
  },
  {
    name: "LPL",
    short_name: "LPL",
    region: "China",
    teams: [
      { name: "Bilibili Gaming", short_name: "BLG" },
      { name: "Top Esports", short_name: "TES" },
      { name: "Anyone's Legend", short_name: "AL" },
      { name: "JD Gaming", short_name: "JDG" },
      { name: "Weibo Gaming", short_name: "WBG" },
      { name: "Invictus Gaming", short_name: "IG" },
      { name: "Ninjas in Pyjamas", short_name: "NIP" },
      { name: "LNG Esports", short_name: "LNG" },
      { name: "FunPlus Phoenix", short_name: "FPX" },
      { name: "EDward Gaming", short_name: "EDG" },
      { name: "Team WE", short_name: "WE" },
      { name: "Oh My God", short_name: "OMG" },
      { name: "LGD Gaming", short_name: "LGD" },
      { name: "ThunderTalk Gaming", short_name: "TT" },
    ],
  },
  {
    name: "LEC",
    short_name: "LEC",
    region: "EMEA",
    teams: [
      { name: "G2 Esports", short_name: "G2" },
      { name: "Fnatic", short_name: "FNC" },
      { name: "Karmine Corp", short_name: "KC" },
      { name: "Movistar KOI", short_name: "MKOI" },
      { name: "Team Vitality", short_name: "VIT" },
      { name: "Team BDS", short_name: "BDS" },
      { name: "GIANTX", short_name: "GX" },
      { name: "SK Gaming", short_name: "SK" },
      { name: "Team Heretics", short_name: "TH" },
      { name: "Rogue", short_name: "RGE" },
    ],
  },
  {
    name: "LTA North",
    short_name: "LTAN",
    region: "North America",
    teams: [
      { name: "Cloud9", short_name: "C9" },
      { name: "Team Liquid", short_name: "TL" },
      { name: "FlyQuest", short_name: "FLY" },
      { name: "100 Thieves", short_name: "100" },
      { name: "Dignitas", short_name: "DIG" },
      { name: "Shopify Rebellion", short_name: "SR" },
      { name: "LYON", short_name: "LYON" },
      { name: "Disguised", short_name: "DSG" },
    ],
  },
  {
    name: "LTA South",
    short_name: "LTAS",
    region: "South America",
    teams: [
      { name: "paiN Gaming", short_name: "PNG" },
      { name: "LOUD", short_name: "LLL" },
      { name: "FURIA", short_name: "FUR" },
      { name: "RED Canids", short_name: "RED" },
      { name: "Vivo Keyd Stars", short_name: "VKS" },
      { name: "Fluxo W7M", short_name: "FXW7" },
      { name: "Isurus Estral", short_name: "IE" },
      { name: "Leviatán", short_name: "LEV" },
    ],
  },
  {
    name: "LCP",
    short_name: "LCP",
    region: "Asia-Pacific",
    teams: [
      { name: "CTBC Flying Oyster", short_name: "CFO" },
      { name: "Team Secret Whales", short_name: "TSW" },
      { name: "GAM Esports", short_name: "GAM" },
      { name: "MGN Vikings Esports", short_name: "MVKE" },
      { name: "Fukuoka SoftBank HAWKS gaming", short_name: "SHG" },
      { name: "DetonatioN FocusMe", short_name: "DFM" },
      { name: "Deep Cross Gaming", short_name: "DCG" },
      { name: "Talon", short_name: "TLN" },
    ],
  },
  {
    name: "Scrims",
    short_name: "SCRIM",
    region: "Practice",
    teams: [
      { name: DEFAULT_BLUE_TEAM_NAME, short_name: "BLUE" },
      { name: DEFAULT_RED_TEAM_NAME, short_name: "RED" },
    ],
  },
];

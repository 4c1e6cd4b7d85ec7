import { EYE_DISCHARGE, FOWL_POX, PALE_COMB, POULTRY_DARK_COMB, POULTRY_NORMAL } from "./livestock-poultry";
import { DARK_PATCHES, INFLAMED_SKIN, SKIN_CRUSTS } from "./livestock-skin";
import type { Advice } from "./types";

// What the livestock screening can say. The eyelid's colour is the one sign a
// phone photo reads fairly well: the FAMACHA idea (red is healthy, white is
// anaemic, mostly from blood-sucking worms) that goat and sheep farmers use.

const ANIMAL_NORMAL: Advice = {
  diagnosis: {
    en: "Nothing alarming shows in the photo's colours: no pale or dark membranes, crusts or inflamed patches were found. A red-pink inner eyelid is a good sign that the animal is not anaemic.",
    fr: "Rien d'inquiétant n'apparaît dans les couleurs de la photo : ni muqueuse pâle ou sombre, ni croûtes, ni zone enflammée. Une paupière intérieure rouge-rose est un bon signe que l'animal n'est pas anémié.",
    ha: "Babu wani abin damuwa a launukan hoton: ba a ga fatar ciki da ta koɗe ko ta yi duhu ba, ko ɓawo, ko wurin da ya kumbura ja ba. Cikin fatar ido mai ja-ruwan hoda alama ce mai kyau cewa dabbar ba ta da ƙarancin jini.",
    ig: "Ọ dịghị ihe na-akpata nchegbu n'agba foto a: a hụghị akpụkpọ dị ọcha ma ọ bụ gbara ọchịchịrị, ọnya kpọrọ nkụ ma ọ bụ ebe zara aza. Ime akpụkpọ anya na-acha ọbara ọbara-pinki bụ ezigbo ihe ịrịba ama na anụmanụ ahụ enweghị ụkọ ọbara.",
    yo: "Kò sí ohun tí ó ń dẹ́rù bani nínú àwọ̀ fọ́tò náà: a kò rí awọ inú tí ó funfun tàbí dúdú, èépá tàbí ibi tí ó wú pupa. Inú ìpéǹpéjú tí ó pupa-rẹ́súrẹ́sú jẹ́ àmì rere pé ẹranko náà kò ní àìtó ẹ̀jẹ̀.",
  },
  treatment: {
    en: "No treatment is needed from this photo. Keep up routine care: clean water, enough feed and minerals, deworming and vaccination on the schedule your vet advises, and tick control.",
    fr: "Aucun traitement n'est nécessaire d'après cette photo. Gardez les soins de routine : eau propre, alimentation et minéraux suffisants, vermifugation et vaccination selon le calendrier de votre vétérinaire, et lutte contre les tiques.",
    ha: "Ba a buƙatar magani daga wannan hoton. Ci gaba da kulawa ta yau da kullum: ruwa mai tsafta, isasshen abinci da gishirin ma'adinai, maganin tsutsotsi da rigakafi bisa jadawalin likitan dabbobi, da yaƙi da kaska.",
    ig: "Ọ dịghị ọgwụgwọ achọrọ site na foto a. Gaa n'ihu n'ilekọta ya kwa ụbọchị: mmiri dị ọcha, nri na nnu mineral zuru ezu, ọgwụ ikpuru na ọgwụ mgbochi dị ka dọkịta anụmanụ si kwado, na ịchịkwa akọrọ (ticks).",
    yo: "Kò sí ìtọ́jú tí a nílò láti inú fọ́tò yìí. Máa bá ìtọ́jú ojoojúmọ́ lọ: omi mímọ́, oúnjẹ àti iyọ̀ ohun alumọ́nì tó tó, oògùn aràn àti abẹ́rẹ́ àjẹsára gẹ́gẹ́ bí ètò dókítà ẹranko, àti ìdènà ẹ̀gbọn.",
  },
  recommendations: [
    {
      en: "Check the eyelid colour every 2-4 weeks in the rainy season, when worms are worst.",
      fr: "Vérifiez la couleur des paupières toutes les 2 à 4 semaines en saison des pluies, quand les vers sont les plus nombreux.",
      ha: "Duba launin fatar ido duk bayan mako 2 zuwa 4 a lokacin damina, lokacin da tsutsotsi suka fi yawa.",
      ig: "Lelee agba akpụkpọ anya kwa izu 2 ruo 4 n'oge udu mmiri, mgbe ikpuru na-aka njọ.",
      yo: "Máa wo àwọ̀ ìpéǹpéjú ní ọ̀sẹ̀ 2 sí 4 nígbà òjò, nígbà tí aràn máa ń pọ̀ jù.",
    },
    {
      en: "Watch appetite, droppings and movement every day, and act early on any change.",
      fr: "Surveillez chaque jour l'appétit, les déjections et les déplacements, et réagissez tôt au moindre changement.",
      ha: "Ka lura da cin abinci, kashi da tafiyar dabbobi kowace rana, kuma ka ɗauki mataki da wuri idan wani abu ya canja.",
      ig: "Na-elele otú ha si eri nri, nsị ha na ije ha kwa ụbọchị, mee ihe n'oge ma ọ bụrụ na ihe ọ bụla agbanwee.",
      yo: "Máa wo bí wọ́n ṣe ń jẹun, ìgbẹ́ wọn àti ìrìn wọn lójoojúmọ́, kí o sì tètè gbé ìgbésẹ̀ tí nǹkan bá yí padà.",
    },
    {
      en: "Keep the pen dry and clean, and change wet bedding.",
      fr: "Gardez l'enclos sec et propre et changez la litière mouillée.",
      ha: "Ka tsaftace wurin kwanansu kuma ka bushe shi, ka canja shimfiɗa mai jiƙa.",
      ig: "Mee ka ebe ha na-ebi kpọọ nkụ ma dị ọcha, gbanwee ihe ndina dị mmiri.",
      yo: "Jẹ́ kí ọgbà wọn gbẹ kí ó sì mọ́, kí o sì pààrọ̀ ibùsùn tí ó tutù.",
    },
  ],
};

const PALE_MEMBRANE: Advice = {
  diagnosis: {
    en: "The inside of the eyelid (or the membrane shown) looks pale to white. In goats and sheep this points to anaemia, most often from blood-sucking worms such as the barber's pole worm (Haemonchus); in cattle, ticks, blood parasites or trypanosomes can also cause it. On the FAMACHA eye-colour chart this is a 4 or 5: the animal needs treatment.",
    fr: "L'intérieur de la paupière (ou la muqueuse photographiée) paraît pâle à blanc. Chez la chèvre et le mouton, cela indique une anémie, le plus souvent due à des vers suceurs de sang comme Haemonchus ; chez les bovins, les tiques, les parasites du sang ou les trypanosomes peuvent aussi en être la cause. Sur la carte FAMACHA, c'est un 4 ou 5 : l'animal doit être traité.",
    ha: "Cikin fatar ido (ko fatar da aka ɗauka) ya koɗe, har ya kusa yin fari. A akuya da tunkiya wannan yana nuna ƙarancin jini, galibi daga tsutsotsin da ke shan jini kamar Haemonchus (barber's pole worm); a shanu, kaska, ƙwayoyin cutar jini ko trypanosomes ma kan kawo shi. A katin launin ido na FAMACHA wannan 4 ko 5 ne: dabbar tana buƙatar magani.",
    ig: "Ime akpụkpọ anya (ma ọ bụ akpụkpọ e sere) dị ọcha ọcha. N'ewu na atụrụ, nke a na-egosi ụkọ ọbara, nke ikpuru na-amị ọbara dị ka Haemonchus (barber's pole worm) na-ebutekarị; n'ehi, akọrọ (ticks), nje ọbara ma ọ bụ trypanosomes nwekwara ike ibute ya. Na kaadị agba anya FAMACHA, nke a bụ 4 ma ọ bụ 5: anụmanụ ahụ chọrọ ọgwụgwọ.",
    yo: "Inú ìpéǹpéjú (tàbí awọ inú tí a yà) dà bí ẹni pé ó funfun tàbí ó ṣá. Lára ewúrẹ́ àti àgùntàn, èyí ń tọ́ka sí àìtó ẹ̀jẹ̀, tí aràn tí ń mu ẹ̀jẹ̀ bí Haemonchus (barber's pole worm) sábà máa ń fà; lára màlúù, ẹ̀gbọn, kòkòrò inú ẹ̀jẹ̀ tàbí trypanosomes lè fà á pẹ̀lú. Lórí káàdì àwọ̀ ojú FAMACHA, èyí jẹ́ 4 tàbí 5: ẹranko náà nílò ìtọ́jú.",
  },
  treatment: {
    en: "Ask your vet or animal health worker for an approved dewormer that still works against Haemonchus in your area, and dose by the animal's weight following the label. Give good feed, clean water and minerals while it recovers, and check the eyelid again after two weeks.",
    fr: "Demandez à votre vétérinaire ou agent de santé animale un vermifuge homologué encore efficace contre Haemonchus dans votre zone, et dosez selon le poids de l'animal en suivant l'étiquette. Donnez une bonne alimentation, de l'eau propre et des minéraux pendant la récupération, et revérifiez la paupière après deux semaines.",
    ha: "Roƙi likitan dabbobi ko ma'aikacin lafiyar dabbobi maganin tsutsotsi da aka amince da shi wanda har yanzu yake aiki kan Haemonchus a yankinku, kuma ka ba da shi gwargwadon nauyin dabbar bisa umarnin kwalbar. Ka ba ta abinci mai kyau, ruwa mai tsafta da gishirin ma'adinai yayin da take murmurewa, kuma ka sake duba fatar idonta bayan mako biyu.",
    ig: "Rịọ dọkịta anụmanụ ma ọ bụ onye ọrụ ahụike anụmanụ ka o nye gị ọgwụ ikpuru a kwadoro nke ka na-arụ ọrụ megide Haemonchus n'ógbè gị, nye ya dị ka ịdị arọ anụmanụ ahụ si dị, soro ihe e dere n'ahụ karama ya. Nye ya ezigbo nri, mmiri dị ọcha na nnu mineral ka ọ na-agbake, ma lelee akpụkpọ anya ya ọzọ mgbe izu abụọ gachara.",
    yo: "Béèrè oògùn aràn tí a fọwọ́ sí, tí ó ṣì ń ṣiṣẹ́ lórí Haemonchus ní agbègbè rẹ, lọ́wọ́ dókítà ẹranko tàbí òṣìṣẹ́ ìlera ẹranko, kí o sì fún un ní ìwọ̀n tí ó bá ìwúwo ẹranko náà mu gẹ́gẹ́ bí àlàyé orí ìgò. Fún un ní oúnjẹ tó dára, omi mímọ́ àti iyọ̀ ohun alumọ́nì bí ó ṣe ń gbádùn, kí o sì tún wo ìpéǹpéjú rẹ̀ lẹ́yìn ọ̀sẹ̀ méjì.",
  },
  recommendations: [
    {
      en: "Deworm only the animals with pale eyelids (FAMACHA 4-5, or 3 if weak): dosing the whole herd every time breeds worms that resist dewormers.",
      fr: "Ne vermifugez que les animaux aux paupières pâles (FAMACHA 4-5, ou 3 s'ils sont faibles) : traiter tout le troupeau à chaque fois crée des vers résistants.",
      ha: "Ka ba da maganin tsutsotsi ga dabbobin da fatar idonsu ta yi fari kawai (FAMACHA 4-5, ko 3 idan ba su da ƙarfi): ba wa garken gaba ɗaya kowane lokaci yana sa tsutsotsi su daina jin maganin.",
      ig: "Nye naanị anụmanụ ndị akpụkpọ anya ha dị ọcha ọgwụ ikpuru (FAMACHA 4-5, ma ọ bụ 3 ma ọ bụrụ na ike gwụrụ ha): inye ìgwè ahụ niile ọgwụ oge niile na-eme ka ikpuru ghara ịnụ ọgwụ.",
      yo: "Fún àwọn ẹranko tí ìpéǹpéjú wọn ṣá nìkan ní oògùn aràn (FAMACHA 4-5, tàbí 3 tí wọ́n bá rẹ̀wẹ̀sì): fífún gbogbo agbo ní oògùn nígbà gbogbo ń jẹ́ kí aràn kọ oògùn.",
    },
    {
      en: "Estimate the weight well before dosing: too small a dose fails and breeds resistance.",
      fr: "Estimez bien le poids avant de doser : une dose trop faible échoue et crée des résistances.",
      ha: "Ka ƙiyasta nauyin dabbar da kyau kafin ka ba da magani: ƙaramin adadi ba ya aiki kuma yana sa tsutsotsi su daina jin magani.",
      ig: "Tụọ ịdị arọ ya nke ọma tupu i nye ọgwụ: ọgwụ pere mpe anaghị arụ ọrụ ma na-eme ka ikpuru ghara ịnụ ọgwụ.",
      yo: "Ṣírò ìwúwo ẹranko dáadáa kí o tó fún un lóògùn: ìwọ̀n tí ó kéré jù kì í ṣiṣẹ́, ó sì ń jẹ́ kí aràn kọ oògùn.",
    },
    {
      en: "Move the animals to fresh grazing, and avoid wet, short grass early in the morning.",
      fr: "Changez les animaux de pâturage et évitez l'herbe courte et mouillée tôt le matin.",
      ha: "Kai dabbobin sabon wurin kiwo, kuma ka guji gajeriyar ciyawa mai raɓa da sassafe.",
      ig: "Kpọga anụmanụ ndị ahụ n'ebe ọhụrụ ha ga-ata nri, ma zere ahịhịa dị mkpụmkpụ nke mmiri igirigi dị n'isi ụtụtụ.",
      yo: "Kó àwọn ẹranko lọ sí pápá oko tuntun, kí o sì yẹra fún koríko kúkúrú tí ìrì wà lára rẹ̀ ní kùtùkùtù òwúrọ̀.",
    },
    {
      en: "Check the eyelids of the whole herd every 2-4 weeks in the rainy season.",
      fr: "Vérifiez les paupières de tout le troupeau toutes les 2 à 4 semaines en saison des pluies.",
      ha: "Duba fatar idon garken gaba ɗaya duk bayan mako 2 zuwa 4 a lokacin damina.",
      ig: "Lelee akpụkpọ anya ìgwè anụmanụ niile kwa izu 2 ruo 4 n'oge udu mmiri.",
      yo: "Máa wo ìpéǹpéjú gbogbo agbo ní ọ̀sẹ̀ 2 sí 4 nígbà òjò.",
    },
  ],
};

const PINKISH_MEMBRANE: Advice = {
  diagnosis: {
    en: "The membrane looks pink rather than red: borderline, like a 3 on the FAMACHA eye-colour chart. It can be early anaemia from worms (Haemonchus in goats and sheep) or from ticks and blood parasites.",
    fr: "La muqueuse paraît rose plutôt que rouge : limite, comme un 3 sur la carte FAMACHA. Cela peut être un début d'anémie due aux vers (Haemonchus chez la chèvre et le mouton) ou aux tiques et parasites du sang.",
    ha: "Fatar tana da launin ruwan hoda maimakon ja: tana kan iyaka, kamar 3 a katin launin ido na FAMACHA. Zai iya zama farkon ƙarancin jini daga tsutsotsi (Haemonchus a akuya da tunkiya) ko daga kaska da ƙwayoyin cutar jini.",
    ig: "Akpụkpọ ahụ na-acha pinki kama ọbara ọbara: ọ nọ n'oke, dị ka 3 na kaadị agba anya FAMACHA. Ọ nwere ike ịbụ mmalite ụkọ ọbara site n'ikpuru (Haemonchus n'ewu na atụrụ) ma ọ bụ site n'akọrọ (ticks) na nje ọbara.",
    yo: "Awọ inú náà jẹ́ rẹ́súrẹ́sú dípò pupa: ó wà ní ààlà, bí 3 lórí káàdì àwọ̀ ojú FAMACHA. Ó lè jẹ́ ìbẹ̀rẹ̀ àìtó ẹ̀jẹ̀ látàrí aràn (Haemonchus lára ewúrẹ́ àti àgùntàn) tàbí látàrí ẹ̀gbọn àti kòkòrò inú ẹ̀jẹ̀.",
  },
  treatment: {
    en: "Watch this animal closely: check its eyelids again within a week, and deworm it with an approved dewormer if it gets paler, is weak, has a soft swelling under the jaw (bottle jaw) or loses weight. Improve its feed and minerals.",
    fr: "Surveillez cet animal de près : revérifiez ses paupières dans la semaine et vermifugez-le avec un produit homologué s'il pâlit, s'affaiblit, a un gonflement mou sous la mâchoire ou maigrit. Améliorez son alimentation et ses minéraux.",
    ha: "Ka sa ido sosai kan wannan dabbar: sake duba fatar idonta cikin mako ɗaya, kuma ka ba ta maganin tsutsotsi da aka amince da shi idan ta ƙara yin fari, ta raunana, ta yi kumburi mai laushi a ƙarƙashin muƙamuƙi, ko ta rame. Ka inganta abincinta da gishirin ma'adinai.",
    ig: "Na-elekọta anụmanụ a nke ọma: lelee akpụkpọ anya ya ọzọ n'ime otu izu, nye ya ọgwụ ikpuru a kwadoro ma ọ bụrụ na ọ na-acha ọcha karịa, ike gwụrụ ya, o nwere ọzịza dị nro n'okpuru agba ya, ma ọ bụ na ọ na-ada ahụ. Mee ka nri ya na nnu mineral ya ka mma.",
    yo: "Máa ṣọ́ ẹranko yìí dáadáa: tún wo ìpéǹpéjú rẹ̀ láàárín ọ̀sẹ̀ kan, kí o sì fún un ní oògùn aràn tí a fọwọ́ sí tí ó bá ń ṣá sí i, tí ó rẹ̀wẹ̀sì, tí ó ní wíwú rírọ̀ lábẹ́ àgbọ̀n, tàbí tí ó ń rù. Mú oúnjẹ rẹ̀ àti iyọ̀ ohun alumọ́nì rẹ̀ dára sí i.",
  },
  recommendations: [
    {
      en: "Compare with healthy animals in the herd: their inner eyelids should be bright red-pink.",
      fr: "Comparez avec les animaux sains du troupeau : leur paupière intérieure doit être rouge-rose vif.",
      ha: "Kwatanta da dabbobi masu lafiya a garken: cikin fatar idonsu ya kamata ya zama ja-ruwan hoda mai haske.",
      ig: "Tụnyere ya na anụmanụ ndị dị mma n'ìgwè: ime akpụkpọ anya ha kwesịrị ịcha ọbara ọbara-pinki nke ọma.",
      yo: "Fi wé àwọn ẹranko tí ara wọn le nínú agbo: inú ìpéǹpéjú wọn gbọ́dọ̀ pupa-rẹ́súrẹ́sú dáadáa.",
    },
    {
      en: "Look for bottle jaw (soft swelling under the jaw), weakness and a rough coat.",
      fr: "Cherchez un gonflement mou sous la mâchoire, de la faiblesse et un poil terne.",
      ha: "Nemi kumburi mai laushi a ƙarƙashin muƙamuƙi, rauni da gashi mara sheƙi.",
      ig: "Chọọ ọzịza dị nro n'okpuru agba, adịghị ike na ajị na-enweghị ire.",
      yo: "Wá wíwú rírọ̀ lábẹ́ àgbọ̀n, àìlágbára àti irun tí kò dán.",
    },
    {
      en: "Ask your vet about a dung test (faecal egg count) before deworming the whole herd.",
      fr: "Demandez à votre vétérinaire une analyse de crottes (coproscopie) avant de vermifuger tout le troupeau.",
      ha: "Tambayi likitan dabbobi game da gwajin kashi (ƙidayar ƙwan tsutsa) kafin ka ba garken gaba ɗaya magani.",
      ig: "Jụọ dọkịta anụmanụ maka nnyocha nsị (ịgụ akwa ikpuru) tupu i nye ìgwè ahụ niile ọgwụ ikpuru.",
      yo: "Béèrè lọ́wọ́ dókítà ẹranko nípa àyẹ̀wò ìgbẹ́ (kíka ẹyin aràn) kí o tó fún gbogbo agbo ní oògùn aràn.",
    },
  ],
};

/** The livestock conditions the screening can name. */
export const ANIMAL_ADVICE = {
  animal_normal: ANIMAL_NORMAL,
  pale_membrane: PALE_MEMBRANE,
  pinkish_membrane: PINKISH_MEMBRANE,
  poultry_normal: POULTRY_NORMAL,
  pale_comb: PALE_COMB,
  poultry_dark_comb: POULTRY_DARK_COMB,
  fowl_pox: FOWL_POX,
  eye_discharge: EYE_DISCHARGE,
  skin_crusts: SKIN_CRUSTS,
  inflamed_skin: INFLAMED_SKIN,
  dark_patches: DARK_PATCHES,
} as const satisfies Record<string, Advice>;

export type AnimalCondition = keyof typeof ANIMAL_ADVICE;

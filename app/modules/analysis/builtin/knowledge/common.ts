import type { Localized } from "./types";

// Sentences every kind of screening shares: what the photo shows and what it
// could not show, the retake advice, and the reminder that this is a colour
// screening to confirm with an extension officer or a vet.

/** What can be wrong with a photo for reading colours. */
export type PhotoProblem = "dark" | "bright" | "blurred" | "featureless" | "no_plant" | "no_animal";

export const COMMON = {
  cropLabel: {
    en: "Crop: {{name}}.",
    fr: "Culture : {{name}}.",
    ha: "Amfanin gona: {{name}}.",
    ig: "Ihe ọkụkụ: {{name}}.",
    yo: "Irúgbìn: {{name}}.",
  },
  cropUnknown: {
    en: "Crop: not named or not known to the screening, so the advice is general.",
    fr: "Culture : non précisée ou inconnue de l'analyse, les conseils sont donc généraux.",
    ha: "Amfanin gona: ba a faɗi sunansa ba ko kuma ba a san shi ba, don haka shawarar ta gama-gari ce.",
    ig: "Ihe ọkụkụ: a kpọghị aha ya ma ọ bụ amaghị ya, ya mere ndụmọdụ a bụ nke izugbe.",
    yo: "Irúgbìn: a kò dárúkọ rẹ̀ tàbí a kò mọ̀ ọ́n, nítorí náà ìmọ̀ràn yìí jẹ́ ti gbogbogbòò.",
  },
  animalLabel: {
    en: "Animal: {{name}}.",
    fr: "Animal : {{name}}.",
    ha: "Dabba: {{name}}.",
    ig: "Anụmanụ: {{name}}.",
    yo: "Ẹranko: {{name}}.",
  },
  animalUnknown: {
    en: "Animal: not named or not known to the screening, so the advice is general.",
    fr: "Animal : non précisé ou inconnu de l'analyse, les conseils sont donc généraux.",
    ha: "Dabba: ba a faɗi sunanta ba ko kuma ba a san ta ba, don haka shawarar ta gama-gari ce.",
    ig: "Anụmanụ: a kpọghị aha ya ma ọ bụ amaghị ya, ya mere ndụmọdụ a bụ nke izugbe.",
    yo: "Ẹranko: a kò dárúkọ rẹ̀ tàbí a kò mọ̀ ọ́n, nítorí náà ìmọ̀ràn yìí jẹ́ ti gbogbogbòò.",
  },
  plantLabel: {
    en: "Plant: {{name}}.",
    fr: "Plante : {{name}}.",
    ha: "Shuka: {{name}}.",
    ig: "Osisi: {{name}}.",
    yo: "Ewéko: {{name}}.",
  },
  plantUnknown: {
    en: "Plant: not named or not known to the screening, so the advice is general.",
    fr: "Plante : non précisée ou inconnue de l'analyse, les conseils sont donc généraux.",
    ha: "Shuka: ba a faɗi sunanta ba ko kuma ba a san ta ba, don haka shawarar ta gama-gari ce.",
    ig: "Osisi: a kpọghị aha ya ma ọ bụ amaghị ya, ya mere ndụmọdụ a bụ nke izugbe.",
    yo: "Ewéko: a kò dárúkọ rẹ̀ tàbí a kò mọ̀ ọ́n, nítorí náà ìmọ̀ràn yìí jẹ́ ti gbogbogbòò.",
  },
  unreadable: {
    en: "The photo could not be read well ({{reasons}}), so this result is uncertain.",
    fr: "La photo n'a pas pu être bien lue ({{reasons}}) : ce résultat est donc incertain.",
    ha: "Ba a iya karanta hoton da kyau ba ({{reasons}}), don haka wannan sakamakon ba tabbatacce ba ne.",
    ig: "A gụghị foto a nke ọma ({{reasons}}), ya mere nsonaazụ a edoghị anya.",
    yo: "A kò lè ka fọ́tò náà dáadáa ({{reasons}}), nítorí náà èsì yìí kò dájú.",
  },
  problems: {
    dark: {
      en: "it is too dark",
      fr: "elle est trop sombre",
      ha: "ya yi duhu sosai",
      ig: "o gbachiri oke ọchịchịrị",
      yo: "ó ṣókùnkùn jù",
    },
    bright: {
      en: "it is overexposed, too bright",
      fr: "elle est surexposée, trop claire",
      ha: "haske ya yi masa yawa",
      ig: "ìhè dị na ya karịrị akarị",
      yo: "ìmọ́lẹ̀ rẹ̀ pọ̀ jù",
    },
    blurred: {
      en: "it is blurred",
      fr: "elle est floue",
      ha: "bai fita sarari ba",
      ig: "o doghị anya",
      yo: "kò mọ́ kedere",
    },
    featureless: {
      en: "it shows a plain surface with no detail",
      fr: "elle montre une surface unie sans détail",
      ha: "fili ne kawai babu wani abu a ciki",
      ig: "ọ bụ naanị ebe dị larịị na-enweghị ihe ọ bụla",
      yo: "ojú kan lásán ni láìsí nǹkan kankan",
    },
    no_plant: {
      en: "little or no leaf is visible",
      fr: "on y voit peu ou pas de feuille",
      ha: "ganye kaɗan ne ko babu ganye a ciki",
      ig: "akwụkwọ osisi dị na ya dị ntakịrị ma ọ bụ na ọ nweghị",
      yo: "ewé díẹ̀ ni ó hàn tàbí kò sí rárá",
    },
    no_animal: {
      en: "no eyelid, comb or skin could be found in it",
      fr: "aucune paupière, crête ou peau n'y a été trouvée",
      ha: "ba a ga fatar ido, ko zanko, ko fata a ciki ba",
      ig: "a hụghị akpụkpọ anya, okpu isi ọkụkọ ma ọ bụ akpụkpọ ahụ na ya",
      yo: "a kò rí ìpéǹpéjú, ògbe tàbí awọ ara nínú rẹ̀",
    },
  },
  noPlantJudgement: {
    en: "There is not enough leaf in the photo to judge the plant's health.",
    fr: "Il n'y a pas assez de feuille sur la photo pour juger de la santé de la plante.",
    ha: "Babu isasshen ganye a hoton da za a iya gane lafiyar shukar.",
    ig: "Akwụkwọ osisi dị na foto a ezughị iji mara ahụike osisi ahụ.",
    yo: "Ewé tó wà nínú fọ́tò náà kò tó láti mọ ìlera ewéko náà.",
  },
  noAnimalJudgement: {
    en: "Nothing in the photo can be read for the animal's health.",
    fr: "Rien sur la photo ne permet de juger de la santé de l'animal.",
    ha: "Babu abin da za a iya karantawa a hoton game da lafiyar dabbar.",
    ig: "Ọ dịghị ihe dị na foto a a ga-agụ maka ahụike anụmanụ ahụ.",
    yo: "Kò sí nǹkan nínú fọ́tò náà tí a lè kà nípa ìlera ẹranko náà.",
  },
  plantNumbers: {
    en: "About {{green}}% of the leaf is green, {{yellow}}% yellowing and {{lesion}}% brown or dark; spots counted: {{spots}}.",
    fr: "Environ {{green}} % de la feuille est vert, {{yellow}} % jaunit et {{lesion}} % est brun ou sombre ; taches comptées : {{spots}}.",
    ha: "Kusan {{green}}% na ganyen kore ne, {{yellow}}% yana yin rawaya, {{lesion}}% kuma ruwan kasa ne ko baƙi; adadin ɗigo: {{spots}}.",
    ig: "Ihe dị ka {{green}}% nke akwụkwọ ahụ na-acha akwụkwọ ndụ, {{yellow}}% na-acha odo odo, {{lesion}}% na-acha aja aja ma ọ bụ oji; ọnụọgụ ntụpọ: {{spots}}.",
    yo: "Nǹkan bí {{green}}% ewé náà jẹ́ àwọ̀ ewé, {{yellow}}% ń di ofeefee, {{lesion}}% sì jẹ́ àwọ̀ ilẹ̀ tàbí dúdú; iye àbààwọ́n: {{spots}}.",
  },
  animalNumbers: {
    en: "Measured on the photo: pink-red tissue {{membrane}}% of the frame, colour strength {{redness}} out of 100; dark purple {{purple}}%; dark crusts counted: {{crusts}}.",
    fr: "Mesuré sur la photo : tissu rose-rouge {{membrane}} % de l'image, intensité de couleur {{redness}} sur 100 ; violet sombre {{purple}} % ; croûtes sombres comptées : {{crusts}}.",
    ha: "Abin da aka auna a hoton: fata mai ja-ruwan hoda {{membrane}}% na hoton, ƙarfin launi {{redness}} cikin 100; shunayya mai duhu {{purple}}%; adadin ɓawo mai duhu: {{crusts}}.",
    ig: "Ihe a tụrụ na foto: anụ na-acha pinki-ọbara ọbara {{membrane}}% nke foto, ike agba {{redness}} n'ime 100; uhie gbara ọchịchịrị (purple) {{purple}}%; ọnụọgụ ọnya kpọrọ nkụ gbara ọchịchịrị: {{crusts}}.",
    yo: "Ohun tí a wọ̀n lórí fọ́tò: ẹran ara pupa-rẹ́súrẹ́sú {{membrane}}% fọ́tò, agbára àwọ̀ {{redness}} nínú 100; àwọ̀ àlùkò dúdú {{purple}}%; iye èépá dúdú: {{crusts}}.",
  },
  speciesCaveat: {
    en: "The colours of a photo cannot tell which species a plant is: be sure of the plant with someone who knows it before you use it.",
    fr: "Les couleurs d'une photo ne permettent pas d'identifier l'espèce : faites confirmer la plante par quelqu'un qui la connaît avant de l'utiliser.",
    ha: "Launukan hoto ba sa iya gane irin shukar: ka tabbatar da shukar wurin wanda ya san ta kafin ka yi amfani da ita.",
    ig: "Agba foto enweghị ike ịkọwa ụdị osisi ọ bụ: jide n'aka banyere osisi ahụ n'aka onye maara ya tupu ị jiri ya.",
    yo: "Àwọ̀ fọ́tò kò lè fi irú ewéko tí ó jẹ́ hàn: jẹ́ kí ẹni tó mọ̀ ọ́n fìdí ewéko náà múlẹ̀ kí o tó lò ó.",
  },
  plantDisclaimer: {
    en: "This is a screening from the photo's colours, not a laboratory diagnosis: confirm it with an agricultural extension officer before you spend money on treatment.",
    fr: "Ceci est un dépistage fondé sur les couleurs de la photo, pas un diagnostic de laboratoire : faites-le confirmer par un agent de vulgarisation agricole avant de dépenser pour un traitement.",
    ha: "Wannan bincike ne daga launukan hoton, ba gwajin dakin gwaje-gwaje ba: ka tabbatar da shi wurin jami'in faɗakar da manoma kafin ka kashe kuɗi a kan magani.",
    ig: "Nke a bụ nyocha site n'agba foto ahụ, ọ bụghị nchọpụta ụlọ nyocha: gwa onye ndụmọdụ ọrụ ugbo ka o kwado ya tupu i mefuo ego na ọgwụgwọ.",
    yo: "Àyẹ̀wò láti ara àwọ̀ fọ́tò ni èyí, kì í ṣe àyẹ̀wò ilé-ìwádìí: jẹ́ kí òṣìṣẹ́ ìtọ́sọ́nà àgbẹ̀ fìdí rẹ̀ múlẹ̀ kí o tó ná owó lórí ìtọ́jú.",
  },
  animalDisclaimer: {
    en: "This is a screening from the photo's colours, not a laboratory diagnosis: confirm it with a veterinarian before you treat.",
    fr: "Ceci est un dépistage fondé sur les couleurs de la photo, pas un diagnostic de laboratoire : faites-le confirmer par un vétérinaire avant de traiter.",
    ha: "Wannan bincike ne daga launukan hoton, ba gwajin dakin gwaje-gwaje ba: ka tabbatar da shi wurin likitan dabbobi kafin ka ba da magani.",
    ig: "Nke a bụ nyocha site n'agba foto ahụ, ọ bụghị nchọpụta ụlọ nyocha: gwa dọkịta anụmanụ ka o kwado ya tupu ị gwọọ ya.",
    yo: "Àyẹ̀wò láti ara àwọ̀ fọ́tò ni èyí, kì í ṣe àyẹ̀wò ilé-ìwádìí: jẹ́ kí dókítà ẹranko fìdí rẹ̀ múlẹ̀ kí o tó tọ́jú ẹranko náà.",
  },
  plantUnreadableTreatment: {
    en: "No treatment can be advised from this photo. Do not spray or apply anything yet: take a clearer photo, and meanwhile keep the field weeded and watch whether the problem spreads.",
    fr: "Aucun traitement ne peut être conseillé à partir de cette photo. Ne pulvérisez rien pour l'instant : prenez une photo plus nette et, en attendant, désherbez et surveillez si le problème s'étend.",
    ha: "Ba za a iya ba da shawarar magani daga wannan hoton ba. Kada ka fesa ko sa komai tukuna: ɗauki hoto mafi kyau, kuma kafin nan ka ci gaba da cire ciyawa ka lura ko matsalar tana yaɗuwa.",
    ig: "Enweghị ike ịtụ aro ọgwụgwọ site na foto a. Agbala ma ọ bụ tinye ihe ọ bụla ugbu a: see foto doro anya karịa, ma ka ọ dị ugbu a, na-ehicha ahịhịa ma lelee ma nsogbu ahụ ọ na-agbasa.",
    yo: "A kò lè dábàá ìtọ́jú láti inú fọ́tò yìí. Má ṣe fín tàbí lo ohunkóhun síbẹ̀: ya fọ́tò tó mọ́ kedere, kí o sì máa ro oko, kí o máa wò bóyá ìṣòro náà ń tàn kálẹ̀.",
  },
  animalUnreadableTreatment: {
    en: "No treatment can be advised from this photo. Watch the animal's appetite, droppings, breathing and movement, and keep any animal that looks sick apart from the others.",
    fr: "Aucun traitement ne peut être conseillé à partir de cette photo. Surveillez l'appétit, les déjections, la respiration et les déplacements de l'animal, et isolez tout animal qui semble malade.",
    ha: "Ba za a iya ba da shawarar magani daga wannan hoton ba. Ka lura da cin abincin dabbar, kashinta, numfashinta da tafiyarta, kuma ka ware duk dabbar da ta yi kama da mara lafiya.",
    ig: "Enweghị ike ịtụ aro ọgwụgwọ site na foto a. Lelee otú anụmanụ ahụ si eri nri, nsị ya, iku ume ya na ije ya, ma kewapụ anụmanụ ọ bụla yiri onye na-arịa ọrịa.",
    yo: "A kò lè dábàá ìtọ́jú láti inú fọ́tò yìí. Máa wo bí ẹranko náà ṣe ń jẹun, ìgbẹ́ rẹ̀, èémí rẹ̀ àti ìrìn rẹ̀, kí o sì ya ẹranko tó bá dà bí aláìsàn sọ́tọ̀.",
  },
  retakePlant: {
    en: "Take the photo again in daylight (in shade, not in harsh sun), with the whole leaf filling the frame and in focus; send photos of several leaves from different plants.",
    fr: "Reprenez la photo à la lumière du jour (à l'ombre, pas en plein soleil), la feuille entière remplissant l'image et nette ; envoyez des photos de plusieurs feuilles de plantes différentes.",
    ha: "Sake ɗaukar hoton da rana (a inuwa, ba a cikin zafin rana ba), ganyen gaba ɗaya ya cika hoton kuma ya fita sarari; aiko hotunan ganyaye da dama daga shuke-shuke daban-daban.",
    ig: "See foto ahụ ọzọ n'ehihie (na ndò, ọ bụghị n'anwụ siri ike), ka akwụkwọ ahụ dum jupụta foto ma doo anya; ziga foto nke ọtụtụ akwụkwọ si n'osisi dị iche iche.",
    yo: "Tún fọ́tò náà yà ní ọ̀sán (ní ibòji, kì í ṣe nínú oòrùn gbígbóná), kí gbogbo ewé náà kún fọ́tò, kí ó sì mọ́ kedere; fi fọ́tò ewé mélòó kan láti ara ewéko ọ̀tọ̀ọ̀tọ̀ ránṣẹ́.",
  },
  retakeAnimal: {
    en: "Take the photo again in daylight, close up and in focus: the inside of the lower eyelid pulled gently down, the comb and wattles, or the affected skin, with the animal held still.",
    fr: "Reprenez la photo à la lumière du jour, de près et nette : l'intérieur de la paupière inférieure doucement abaissée, la crête et les barbillons, ou la peau atteinte, l'animal bien tenu.",
    ha: "Sake ɗaukar hoton da rana, daga kusa kuma ya fita sarari: cikin ƙasan fatar ido da aka ja ƙasa a hankali, ko zanko da jelar wuya, ko fatar da ta kamu, yayin da aka riƙe dabbar ta tsaya cak.",
    ig: "See foto ahụ ọzọ n'ehihie, nso nso ma doo anya: ime akpụkpọ anya nke ala a dọrọ nwayọọ, okpu isi ọkụkọ na ihe na-akwụ n'olu ya, ma ọ bụ akpụkpọ ahụ metụtara, mgbe a na-ejide anụmanụ ahụ ka ọ kwụrụ jụụ.",
    yo: "Tún fọ́tò náà yà ní ọ̀sán, ní tòsí, kí ó sì mọ́ kedere: inú ìpéǹpéjú ìsàlẹ̀ tí a fà sílẹ̀ pẹ̀lẹ́pẹ̀lẹ́, ògbe àti irùgbọ̀n adìyẹ, tàbí awọ ara tí ó ní ìṣòro, nígbà tí a di ẹranko náà mú kí ó dúró jẹ́ẹ́.",
  },
  severalPhotos: {
    en: "One photo can mislead: check several leaves on several plants, including young and old leaves, before deciding.",
    fr: "Une seule photo peut tromper : examinez plusieurs feuilles sur plusieurs plantes, jeunes et vieilles, avant de décider.",
    ha: "Hoto ɗaya zai iya ɓatarwa: duba ganyaye da dama a kan shuke-shuke da dama, sabbi da tsofaffi, kafin ka yanke shawara.",
    ig: "Otu foto nwere ike iduhie gị: lelee ọtụtụ akwụkwọ n'ọtụtụ osisi, nke ọhụrụ na nke ochie, tupu i kpebie.",
    yo: "Fọ́tò kan ṣoṣo lè ṣini lọ́nà: wo ọ̀pọ̀ ewé lára ọ̀pọ̀ ewéko, àwọn tuntun àti àwọn àtijọ́, kí o tó pinnu.",
  },
  confirmExtension: {
    en: "Show the plants to an agricultural extension officer (ADP agent) to confirm before buying any product.",
    fr: "Montrez les plantes à un agent de vulgarisation agricole pour confirmation avant d'acheter un produit.",
    ha: "Nuna wa jami'in faɗakar da manoma (ADP) shuke-shuken don ya tabbatar kafin ka sayi wani magani.",
    ig: "Gosi onye ndụmọdụ ọrụ ugbo (ADP) osisi ndị ahụ ka o kwado tupu ị zụta ọgwụ ọ bụla.",
    yo: "Fi àwọn ewéko náà han òṣìṣẹ́ ìtọ́sọ́nà àgbẹ̀ (ADP) kí ó fìdí rẹ̀ múlẹ̀ kí o tó ra oògùn kankan.",
  },
  confirmVet: {
    en: "Have a veterinarian or animal health worker examine the animal to confirm before treating, especially if several animals are sick.",
    fr: "Faites examiner l'animal par un vétérinaire ou un agent de santé animale avant de traiter, surtout si plusieurs animaux sont malades.",
    ha: "Ka sa likitan dabbobi ko ma'aikacin lafiyar dabbobi ya duba dabbar don ya tabbatar kafin ka ba da magani, musamman idan dabbobi da yawa ba su da lafiya.",
    ig: "Mee ka dọkịta anụmanụ ma ọ bụ onye ọrụ ahụike anụmanụ nyochaa anụmanụ ahụ ka o kwado tupu ị gwọọ ya, karịsịa ma ọ bụrụ na ọtụtụ anụmanụ na-arịa ọrịa.",
    yo: "Jẹ́ kí dókítà ẹranko tàbí òṣìṣẹ́ ìlera ẹranko yẹ ẹranko náà wò kí ó fìdí rẹ̀ múlẹ̀ kí o tó tọ́jú rẹ̀, pàápàá tí ẹranko púpọ̀ bá ń ṣàìsàn.",
  },
} as const satisfies {
  problems: Record<PhotoProblem, Localized>;
  [key: string]: Localized | Record<PhotoProblem, Localized>;
};

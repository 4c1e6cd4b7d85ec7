import type { Advice } from "./types";

// Poultry signs a photo's colours can show: the comb and wattles (red is
// healthy, pale or dark purple are not), crusts of fowl pox, and creamy
// discharge around the eyes. Colour cannot hear breathing or see droppings.

export const POULTRY_NORMAL: Advice = {
  diagnosis: {
    en: "Nothing alarming shows in the photo's colours: the comb and wattles look red, as in a healthy laying bird, and no dark patches or crusts were found. Colour cannot see swollen eyes, breathing problems or droppings.",
    fr: "Rien d'inquiétant n'apparaît dans les couleurs de la photo : la crête et les barbillons sont rouges, comme chez une poule saine en ponte, sans zone sombre ni croûte. La couleur ne permet pas de voir des yeux gonflés, des troubles respiratoires ou les fientes.",
    ha: "Babu wani abin damuwa a launukan hoton: zanko da fatar da ke rataye a haɓa suna da ja, kamar na kaza mai lafiya mai kwanciya ƙwai, kuma ba a ga wuri mai duhu ko ɓawo ba. Launi ba ya ganin kumburin ido, matsalar numfashi ko kashi.",
    ig: "Ọ dịghị ihe na-akpata nchegbu n'agba foto a: okpu isi ọkụkọ na akpụkpọ na-akwụ n'agba ya na-acha ọbara ọbara, dị ka nke ọkụkọ dị mma na-yi akwa, a hụghịkwa ebe gbara ọchịchịrị ma ọ bụ ọnya kpọrọ nkụ. Agba anaghị ahụ anya zara aza, nsogbu iku ume ma ọ bụ nsị.",
    yo: "Kò sí ohun tí ó ń dẹ́rù bani nínú àwọ̀ fọ́tò náà: ògbe àti irùgbọ̀n rẹ̀ pupa, bí ti adìyẹ tí ara rẹ̀ le tí ń yé ẹyin, a kò sì rí ibi dúdú tàbí èépá. Àwọ̀ kò lè rí ojú wíwú, ìṣòro èémí tàbí ìgbẹ́.",
  },
  treatment: {
    en: "No treatment is needed from this photo. Keep vaccinations up to date (Newcastle disease, Gumboro, fowl pox), give clean water and balanced feed, and keep the house dry and well aired.",
    fr: "Aucun traitement n'est nécessaire d'après cette photo. Tenez les vaccinations à jour (maladie de Newcastle, Gumboro, variole aviaire), donnez de l'eau propre et un aliment équilibré, et gardez le poulailler sec et aéré.",
    ha: "Ba a buƙatar magani daga wannan hoton. Ka ci gaba da rigakafi a kan lokaci (cutar Newcastle, Gumboro, fowl pox), ka ba su ruwa mai tsafta da abinci mai daidaito, kuma ka bar gidan kajin a bushe da iska mai kyau.",
    ig: "Ọ dịghị ọgwụgwọ achọrọ site na foto a. Na-enye ọgwụ mgbochi n'oge (ọrịa Newcastle, Gumboro, fowl pox), nye mmiri dị ọcha na nri kwesịrị ekwesị, ma mee ka ụlọ ọkụkọ kpọọ nkụ ma nwee ikuku.",
    yo: "Kò sí ìtọ́jú tí a nílò láti inú fọ́tò yìí. Máa fún wọn ní abẹ́rẹ́ àjẹsára ní àkókò (àrùn Newcastle, Gumboro, fowl pox), fún wọn ní omi mímọ́ àti oúnjẹ tí ó péye, kí o sì jẹ́ kí ilé adìyẹ gbẹ kí atẹ́gùn sì máa wọlé dáadáa.",
  },
  recommendations: [
    {
      en: "Check the birds every day for swollen eyes or face, nasal discharge, coughing or diarrhoea.",
      fr: "Examinez les oiseaux chaque jour : yeux ou face gonflés, écoulement nasal, toux ou diarrhée.",
      ha: "Duba kajin kowace rana ko suna da kumburin ido ko fuska, majina, tari ko gudawa.",
      ig: "Na-elele ọkụkọ kwa ụbọchị maka anya ma ọ bụ ihu zara aza, imi na-agba, ụkwara ma ọ bụ afọ ọsịsa.",
      yo: "Máa yẹ àwọn adìyẹ wò lójoojúmọ́ fún ojú tàbí ojú-ara wíwú, ikun imú, ikọ́ tàbí ìgbẹ́ gbuuru.",
    },
    {
      en: "Follow the vaccination schedule of your hatchery or vet.",
      fr: "Suivez le calendrier de vaccination de votre couvoir ou de votre vétérinaire.",
      ha: "Bi jadawalin rigakafi na inda ka sayo 'yan tsaki ko na likitan dabbobi.",
      ig: "Soro usoro ọgwụ mgbochi nke ebe i si zụta ụmụ ọkụkọ ma ọ bụ nke dọkịta anụmanụ.",
      yo: "Tẹ̀lé ètò abẹ́rẹ́ àjẹsára ti ibi tí o ti ra òròmọdìẹ tàbí ti dókítà ẹranko.",
    },
    {
      en: "Keep new birds apart for two weeks before mixing them with the flock.",
      fr: "Gardez les nouveaux oiseaux à part deux semaines avant de les mêler au troupeau.",
      ha: "Ka ware sababbin kaji na mako biyu kafin ka haɗa su da sauran.",
      ig: "Kewapụ ọkụkọ ọhụrụ izu abụọ tupu i gwakọta ha na ndị ọzọ.",
      yo: "Ya àwọn adìyẹ tuntun sọ́tọ̀ fún ọ̀sẹ̀ méjì kí o tó dà wọ́n pọ̀ mọ́ àwọn yòókù.",
    },
  ],
};

export const PALE_COMB: Advice = {
  diagnosis: {
    en: "The comb and wattles look pale. In hens this can mean anaemia from worms, mites or lice, or from diseases that lose blood such as coccidiosis; a pale, shrunken comb is also normal when a hen stops laying or moults.",
    fr: "La crête et les barbillons paraissent pâles. Chez la poule, cela peut signifier une anémie due aux vers, aux acariens ou aux poux, ou à des maladies qui font perdre du sang comme la coccidiose ; une crête pâle et réduite est aussi normale quand la poule arrête de pondre ou mue.",
    ha: "Zanko da fatar da ke rataye a haɓa sun yi fari. A kaza wannan zai iya nufin ƙarancin jini daga tsutsotsi, ƙananan ƙwari ko kwarkwata, ko daga cututtukan da ke zubar da jini kamar coccidiosis; zanko mai fari da ya ƙanƙance kuma al'ada ne idan kaza ta daina kwanciya ƙwai ko tana zubar da gashi.",
    ig: "Okpu isi ọkụkọ na akpụkpọ na-akwụ n'agba ya dị ọcha ọcha. N'ọkụkọ nne, nke a nwere ike ịpụta ụkọ ọbara site n'ikpuru, ahụhụ nta ma ọ bụ igwu, ma ọ bụ site n'ọrịa na-eme ka ọbara pụọ dị ka coccidiosis; okpu isi dị ọcha ma dị obere bụkwa ihe nkịtị mgbe ọkụkọ kwụsịrị iyi akwa ma ọ bụ na-agbanwe nku.",
    yo: "Ògbe àti irùgbọ̀n rẹ̀ ti ṣá. Lára adìyẹ abo, èyí lè túmọ̀ sí àìtó ẹ̀jẹ̀ látàrí aràn, kòkòrò kékeré (mites) tàbí iná, tàbí látàrí àrùn tí ń mú ẹ̀jẹ̀ jáde bí coccidiosis; ògbe tí ó ṣá tí ó sì kéré jẹ́ ohun tí ó wọ́pọ̀ nígbà tí adìyẹ bá dáwọ́ ẹyin yíyé dúró tàbí tí ó ń pààrọ̀ ìyẹ́.",
  },
  treatment: {
    en: "Check the birds for mites and lice (under the wings and around the vent, and in the house at night) and treat with an approved poultry product; deworm with an approved poultry dewormer; if droppings are bloody, ask your vet for a coccidiosis treatment.",
    fr: "Cherchez acariens et poux (sous les ailes, autour du cloaque, et de nuit dans le poulailler) et traitez avec un produit avicole homologué ; vermifugez avec un vermifuge avicole homologué ; si les fientes contiennent du sang, demandez à votre vétérinaire un traitement contre la coccidiose.",
    ha: "Duba kajin ko suna da ƙananan ƙwari ko kwarkwata (ƙarƙashin fikafikai, kewaye da dubura, da cikin gidan kaji da dare) ka yi musu magani da wanda aka amince da shi na kaji; ka ba su maganin tsutsotsi na kaji da aka amince da shi; idan kashinsu yana da jini, roƙi likitan dabbobi maganin coccidiosis.",
    ig: "Lelee ọkụkọ maka ahụhụ nta na igwu (n'okpuru nku, gburugburu ọnụ ike ya, na n'ime ụlọ ọkụkọ n'abalị) ma gwọọ ha site n'ọgwụ ọkụkọ a kwadoro; nye ha ọgwụ ikpuru ọkụkọ a kwadoro; ọ bụrụ na ọbara dị na nsị ha, rịọ dọkịta anụmanụ maka ọgwụ coccidiosis.",
    yo: "Wá kòkòrò kékeré àti iná lára àwọn adìyẹ (lábẹ́ ìyẹ́ apá, yí ihò ìdí ká, àti nínú ilé adìyẹ ní alẹ́), kí o sì fi oògùn adìyẹ tí a fọwọ́ sí tọ́jú wọn; fún wọn ní oògùn aràn adìyẹ tí a fọwọ́ sí; tí ẹ̀jẹ̀ bá wà nínú ìgbẹ́ wọn, béèrè oògùn coccidiosis lọ́wọ́ dókítà ẹranko.",
  },
  recommendations: [
    {
      en: "Look under the wings and around the vent for mites and lice.",
      fr: "Regardez sous les ailes et autour du cloaque s'il y a des acariens ou des poux.",
      ha: "Duba ƙarƙashin fikafikai da kewaye da dubura ko akwai ƙananan ƙwari ko kwarkwata.",
      ig: "Lelee n'okpuru nku na gburugburu ọnụ ike ya maka ahụhụ nta na igwu.",
      yo: "Wo abẹ́ ìyẹ́ apá àti yí ihò ìdí ká fún kòkòrò kékeré àti iná.",
    },
    {
      en: "Check the droppings for blood or worms.",
      fr: "Vérifiez si les fientes contiennent du sang ou des vers.",
      ha: "Duba kashinsu ko akwai jini ko tsutsotsi.",
      ig: "Lelee nsị ha ma ọbara ma ọ bụ ikpuru ọ dị na ya.",
      yo: "Wo ìgbẹ́ wọn bóyá ẹ̀jẹ̀ tàbí aràn wà nínú rẹ̀.",
    },
    {
      en: "Clean the house and perches, and change the litter.",
      fr: "Nettoyez le poulailler et les perchoirs, et changez la litière.",
      ha: "Share gidan kaji da wuraren kwanansu, kuma ka canja shimfiɗa.",
      ig: "Hichaa ụlọ ọkụkọ na ebe ha na-ebe, ma gbanwee ihe a gbasara n'ala.",
      yo: "Fọ ilé adìyẹ àti ibi tí wọ́n ń bà sí, kí o sì pààrọ̀ ohun tí a tẹ́ sílẹ̀.",
    },
    {
      en: "Give a balanced layer feed and clean water.",
      fr: "Donnez un aliment pondeuse équilibré et de l'eau propre.",
      ha: "Ka ba su abincin kaji masu kwanciya ƙwai mai daidaito da ruwa mai tsafta.",
      ig: "Nye ha nri ọkụkọ na-yi akwa kwesịrị ekwesị na mmiri dị ọcha.",
      yo: "Fún wọn ní oúnjẹ adìyẹ olùyẹyin tí ó péye àti omi mímọ́.",
    },
  ],
};

export const POULTRY_DARK_COMB: Advice = {
  diagnosis: {
    en: "The comb or wattles look dark red to purple. This can come from serious infections such as fowl cholera, Newcastle disease or bird flu (avian influenza), or from poor circulation; if birds are also weak, not eating or dying, act at once.",
    fr: "La crête ou les barbillons paraissent rouge sombre à violets. Cela peut venir d'infections graves comme le choléra aviaire, la maladie de Newcastle ou la grippe aviaire, ou d'une mauvaise circulation ; si des oiseaux sont aussi faibles, ne mangent pas ou meurent, agissez tout de suite.",
    ha: "Zanko ko fatar da ke rataye a haɓa sun yi ja mai duhu zuwa shunayya. Wannan zai iya zuwa daga cututtuka masu tsanani kamar fowl cholera, cutar Newcastle ko murar tsuntsaye (bird flu), ko daga rashin gudanar jini; idan kajin kuma ba su da ƙarfi, ba sa ci, ko suna mutuwa, ka ɗauki mataki nan take.",
    ig: "Okpu isi ọkụkọ ma ọ bụ akpụkpọ na-akwụ n'agba ya na-acha ọbara ọbara gbara ọchịchịrị ruo uhie gbara ọchịchịrị (purple). Nke a nwere ike isi n'ọrịa siri ike dị ka fowl cholera, ọrịa Newcastle ma ọ bụ flu nnụnụ (avian influenza), ma ọ bụ ọbara na-adịghị agagharị nke ọma; ọ bụrụ na ọkụkọ ndị ahụ enweghịkwa ike, anaghị eri nri ma ọ bụ na-anwụ, mee ihe ozugbo.",
    yo: "Ògbe tàbí irùgbọ̀n rẹ̀ ti di pupa dúdú sí àlùkò. Èyí lè wá láti inú àrùn líle bí fowl cholera, àrùn Newcastle tàbí àrùn ẹyẹ (bird flu), tàbí àìṣàn ìṣàn ẹ̀jẹ̀; tí àwọn adìyẹ náà bá tún rẹ̀wẹ̀sì, tí wọn kò jẹun, tàbí tí wọ́n ń kú, gbé ìgbésẹ̀ lẹ́sẹ̀kẹsẹ̀.",
  },
  treatment: {
    en: "Separate sick birds at once, keep visitors out, and call a vet: some of these diseases spread fast and must be reported. Do not sell or eat birds that died; bury them deep or burn them.",
    fr: "Isolez tout de suite les oiseaux malades, interdisez les visites et appelez un vétérinaire : certaines de ces maladies se propagent vite et doivent être déclarées. Ne vendez ni ne mangez les oiseaux morts ; enterrez-les profondément ou brûlez-les.",
    ha: "Ka ware kajin da ba su da lafiya nan take, kada ka bar baƙi su shigo, kuma ka kira likitan dabbobi: wasu daga cikin waɗannan cututtuka suna yaɗuwa da sauri kuma dole a sanar da hukuma. Kada ka sayar ko ka ci kajin da suka mutu; binne su a zurfi ko ka ƙone su.",
    ig: "Kewapụ ọkụkọ na-arịa ọrịa ozugbo, egbochi ndị ọbịa ịbata, ma kpọọ dọkịta anụmanụ: ụfọdụ n'ime ọrịa ndị a na-agbasa ngwa ngwa, a ghaghịkwa ịkọrọ ndị ọchịchị. Erela ma ọ bụ rie ọkụkọ nwụrụ anwụ; lie ha n'ala miri emi ma ọ bụ kpọọ ha ọkụ.",
    yo: "Ya àwọn adìyẹ aláìsàn sọ́tọ̀ lẹ́sẹ̀kẹsẹ̀, má ṣe jẹ́ kí àlejò wọlé, kí o sì pe dókítà ẹranko: díẹ̀ lára àwọn àrùn wọ̀nyí ń tàn kíákíá, a sì gbọ́dọ̀ fi tó ìjọba létí. Má ṣe ta tàbí jẹ adìyẹ tí ó kú; sin wọ́n jìn tàbí kí o sun wọ́n.",
  },
  recommendations: [
    {
      en: "Isolate the sick birds, and wash your hands and boots after handling them.",
      fr: "Isolez les oiseaux malades et lavez mains et bottes après les avoir manipulés.",
      ha: "Ka ware kajin da ba su da lafiya, kuma ka wanke hannunka da takalminka bayan ka taɓa su.",
      ig: "Kewapụ ọkụkọ na-arịa ọrịa, ma saa aka gị na akpụkpọ ụkwụ gị mgbe i metụsịrị ha aka.",
      yo: "Ya àwọn adìyẹ aláìsàn sọ́tọ̀, kí o sì fọ ọwọ́ àti bàtà rẹ lẹ́yìn tí o bá fọwọ́ kàn wọ́n.",
    },
    {
      en: "Report sudden deaths to a vet or the state veterinary service.",
      fr: "Signalez les morts subites à un vétérinaire ou aux services vétérinaires.",
      ha: "Sanar da likitan dabbobi ko hukumar kula da lafiyar dabbobi ta jiha idan kaji suna mutuwa farat ɗaya.",
      ig: "Kọọrọ dọkịta anụmanụ ma ọ bụ ụlọ ọrụ na-ahụ maka ahụike anụmanụ nke steeti ma ọkụkọ na-anwụ na mberede.",
      yo: "Fi ikú òjijì tó dókítà ẹranko tàbí ẹ̀ka ìlera ẹranko ti ìpínlẹ̀ létí.",
    },
    {
      en: "Do not move birds to or from the farm until a vet has seen them.",
      fr: "Ne déplacez aucun oiseau vers ou depuis la ferme avant l'avis d'un vétérinaire.",
      ha: "Kada ka shigo da kaji ko ka fitar da su daga gona har sai likitan dabbobi ya gan su.",
      ig: "Ebughachila ma ọ bụ bupụ ọkụkọ n'ugbo ahụ ruo mgbe dọkịta anụmanụ hụrụ ha.",
      yo: "Má ṣe kó adìyẹ wọ oko tàbí jáde títí dókítà ẹranko yóò fi rí wọn.",
    },
    {
      en: "Keep Newcastle disease vaccination up to date.",
      fr: "Tenez à jour la vaccination contre la maladie de Newcastle.",
      ha: "Ka ci gaba da rigakafin cutar Newcastle a kan lokaci.",
      ig: "Na-enye ọgwụ mgbochi ọrịa Newcastle n'oge.",
      yo: "Máa fún wọn ní abẹ́rẹ́ àjẹsára àrùn Newcastle ní àkókò.",
    },
  ],
};

export const FOWL_POX: Advice = {
  diagnosis: {
    en: "Dark crusts or scabs show on the bird's skin; on the comb, wattles or face this is typical of fowl pox, a virus spread by mosquitoes and contact. Pecking wounds can look similar.",
    fr: "Des croûtes sombres apparaissent sur la peau de l'oiseau ; sur la crête, les barbillons ou la face, c'est typique de la variole aviaire, un virus transmis par les moustiques et le contact. Des blessures de picage peuvent se ressembler.",
    ha: "Ɓawo mai duhu ya bayyana a fatar kazar; a kan zanko, fatar haɓa ko fuska wannan alamar fowl pox ce, ƙwayar virus da sauro da taɓawa ke yaɗawa. Raunukan sara da baki ma kan yi kama da haka.",
    ig: "Ọkpụkpụ gbara ọchịchịrị pụtara n'akpụkpọ ọkụkọ ahụ; n'okpu isi, akpụkpọ agba ma ọ bụ ihu, nke a bụ ihe ịrịba ama fowl pox, nje virus anwụnta na imetụ aka na-agbasa. Ọnya ọkụkọ ibe ya kpara nwekwara ike iyi otú a.",
    yo: "Èépá dúdú ti yọ lára awọ adìyẹ náà; lórí ògbe, irùgbọ̀n tàbí ojú, èyí jẹ́ àmì fowl pox, fáírọ́ọ̀sì tí ẹ̀fọn àti fífara kanra ń tàn kálẹ̀. Ọgbẹ́ tí àwọn adìyẹ fi ṣá ara wọn lè jọ ọ́ pẹ̀lú.",
  },
  treatment: {
    en: "There is no cure, but most birds recover in 2-4 weeks. Separate affected birds, keep them eating and drinking, clean wounds with a mild antiseptic, and vaccinate the rest of the flock against fowl pox.",
    fr: "Il n'existe pas de traitement curatif, mais la plupart des oiseaux guérissent en 2 à 4 semaines. Isolez les oiseaux atteints, veillez à ce qu'ils mangent et boivent, nettoyez les plaies avec un antiseptique doux et vaccinez le reste du troupeau contre la variole.",
    ha: "Babu maganin warkarwa, amma yawancin kaji kan warke cikin mako 2 zuwa 4. Ka ware kajin da suka kamu, ka tabbatar suna ci suna sha, ka wanke raunuka da maganin kashe ƙwayoyin cuta mai sauƙi, kuma ka yi wa sauran rigakafin fowl pox.",
    ig: "Ọ dịghị ọgwụ na-agwọ ya, mana ọtụtụ ọkụkọ na-agbake n'ime izu 2 ruo 4. Kewapụ ọkụkọ butere ya, hụ na ha na-eri ma na-aṅụ, hichaa ọnya site n'ọgwụ nje dị nro, ma nye ndị fọdụrụ ọgwụ mgbochi fowl pox.",
    yo: "Kò sí oògùn tí ó ń wò ó sàn, ṣùgbọ́n ọ̀pọ̀ adìyẹ máa ń gbádùn láàárín ọ̀sẹ̀ 2 sí 4. Ya àwọn adìyẹ tí ó ní in sọ́tọ̀, rí i pé wọ́n ń jẹun, wọ́n sì ń mumi, fi oògùn apakòkòrò tí kò le fọ ọgbẹ́ wọn, kí o sì fún àwọn yòókù ní abẹ́rẹ́ àjẹsára fowl pox.",
  },
  recommendations: [
    {
      en: "Vaccinate the unaffected birds against fowl pox.",
      fr: "Vaccinez les oiseaux non atteints contre la variole aviaire.",
      ha: "Yi wa kajin da ba su kamu ba rigakafin fowl pox.",
      ig: "Nye ọkụkọ ndị na-ebughị ya ọgwụ mgbochi fowl pox.",
      yo: "Fún àwọn adìyẹ tí kò tíì ní in ní abẹ́rẹ́ àjẹsára fowl pox.",
    },
    {
      en: "Reduce mosquitoes around the house: clear standing water.",
      fr: "Réduisez les moustiques autour du poulailler : supprimez les eaux stagnantes.",
      ha: "Rage sauro a kewayen gidan kaji: kawar da ruwan da ke kwance.",
      ig: "Belata anwụnta gburugburu ụlọ ọkụkọ: wepụ mmiri kwụ otu ebe.",
      yo: "Dín ẹ̀fọn kù ní àyíká ilé adìyẹ: mú omi tí ó dúró kúrò.",
    },
    {
      en: "Look inside the beak: yellow patches in the mouth or throat (wet pox) make eating hard; call a vet.",
      fr: "Regardez dans le bec : des plaques jaunes dans la bouche ou la gorge (forme humide) empêchent de manger ; appelez un vétérinaire.",
      ha: "Duba cikin baki: tabo masu rawaya a baki ko maƙogwaro (wet pox) kan hana ci; kira likitan dabbobi.",
      ig: "Lelee n'ime ọnụ ya: ntụpọ odo odo n'ọnụ ma ọ bụ n'akpịrị (wet pox) na-eme ka iri nri sie ike; kpọọ dọkịta anụmanụ.",
      yo: "Wo inú ẹnu rẹ̀: àbààwọ́n ofeefee nínú ẹnu tàbí ọ̀fun (wet pox) ń jẹ́ kí jíjẹun nira; pe dókítà ẹranko.",
    },
  ],
};

export const EYE_DISCHARGE: Advice = {
  diagnosis: {
    en: "Creamy yellow material shows on the bird, which can be discharge or cheesy pus from swollen eyes or sinuses, as in chronic respiratory disease (mycoplasma), infectious coryza or a lack of vitamin A. Colour alone cannot confirm the swelling.",
    fr: "Une matière jaune crème apparaît sur l'oiseau : ce peut être un écoulement ou du pus caséeux d'yeux ou de sinus gonflés, comme dans la maladie respiratoire chronique (mycoplasme), le coryza infectieux ou un manque de vitamine A. La couleur seule ne peut pas confirmer le gonflement.",
    ha: "Wani abu mai launin rawaya kamar kirim ya bayyana a jikin kazar, wanda zai iya zama ruwa ko maƙiya mai kauri daga idanu ko hanci da suka kumbura, kamar a cutar numfashi mai daɗewa (mycoplasma), coryza, ko rashin vitamin A. Launi kaɗai ba zai iya tabbatar da kumburin ba.",
    ig: "Ihe na-acha odo odo dị ka ude pụtara n'ahụ ọkụkọ ahụ, nke nwere ike ịbụ mmiri ma ọ bụ mmiri ọnya (pus) siri ike si n'anya ma ọ bụ imi zara aza, dị ka n'ọrịa iku ume na-adịte aka (mycoplasma), coryza ma ọ bụ ụkọ vitamin A. Agba naanị ya enweghị ike ikwenye na ọ zara aza.",
    yo: "Ohun aláwọ̀ ofeefee bí ọ̀rá wàrà hàn lára adìyẹ náà, tí ó lè jẹ́ omi tàbí ọyún líle láti ojú tàbí ihò imú tí ó wú, bí nínú àrùn èémí tí ó pẹ́ (mycoplasma), coryza tàbí àìtó vitamin A. Àwọ̀ nìkan kò lè fìdí wíwú náà múlẹ̀.",
  },
  treatment: {
    en: "Separate affected birds, improve ventilation without cold drafts, and ask a vet for the right treatment; antibiotics need a vet's advice and a withdrawal time before eggs or meat are eaten.",
    fr: "Isolez les oiseaux atteints, améliorez l'aération sans courants d'air froids et demandez à un vétérinaire le bon traitement ; les antibiotiques demandent l'avis d'un vétérinaire et un délai d'attente avant de consommer œufs ou viande.",
    ha: "Ka ware kajin da suka kamu, ka inganta shigar iska ba tare da iska mai sanyi mai ƙarfi ba, kuma ka roƙi likitan dabbobi maganin da ya dace; maganin ƙwayoyin cuta (antibiotic) yana buƙatar shawarar likita da lokacin jira kafin a ci ƙwai ko nama.",
    ig: "Kewapụ ọkụkọ butere ya, mee ka ikuku na-abata nke ọma n'enweghị oyi na-efe ike, ma rịọ dọkịta anụmanụ maka ọgwụgwọ kwesịrị ekwesị; ọgwụ nje (antibiotic) chọrọ ndụmọdụ dọkịta na oge nchere tupu e rie akwa ma ọ bụ anụ.",
    yo: "Ya àwọn adìyẹ tí ó ní in sọ́tọ̀, jẹ́ kí atẹ́gùn máa wọlé dáadáa láìsí atẹ́gùn tútù líle, kí o sì béèrè ìtọ́jú tí ó yẹ lọ́wọ́ dókítà ẹranko; oògùn apakòkòrò (antibiotic) nílò ìmọ̀ràn dókítà àti ọjọ́ ìdúró kí a tó jẹ ẹyin tàbí ẹran.",
  },
  recommendations: [
    {
      en: "Look for swollen eyes or face, a bad smell, sneezing and rattling breath.",
      fr: "Cherchez des yeux ou une face gonflés, une mauvaise odeur, des éternuements et une respiration bruyante.",
      ha: "Nemi kumburin ido ko fuska, wari mara daɗi, atishawa da numfashi mai kara.",
      ig: "Chọọ anya ma ọ bụ ihu zara aza, isi ọjọọ, uzere na iku ume na-eme mkpọtụ.",
      yo: "Wá ojú tàbí ojú-ara wíwú, òórùn burúkú, sísín àti èémí tí ń dún.",
    },
    {
      en: "Keep the house dry, aired and not overcrowded.",
      fr: "Gardez le poulailler sec, aéré et sans surpeuplement.",
      ha: "Ka bar gidan kaji a bushe, da iska, kuma kada su cunkushe.",
      ig: "Mee ka ụlọ ọkụkọ kpọọ nkụ, nwee ikuku, ma ghara ịkpachi anya.",
      yo: "Jẹ́ kí ilé adìyẹ gbẹ, kí atẹ́gùn wà, kí wọ́n má sì pọ̀ jù fún ààyè.",
    },
    {
      en: "Give feed with enough vitamin A (green leaves, yellow maize).",
      fr: "Donnez un aliment assez riche en vitamine A (feuilles vertes, maïs jaune).",
      ha: "Ka ba su abinci mai isasshen vitamin A (koren ganye, masara mai rawaya).",
      ig: "Nye ha nri nwere vitamin A zuru ezu (akwụkwọ nri ndụ, ọka odo odo).",
      yo: "Fún wọn ní oúnjẹ tí vitamin A rẹ̀ tó (ewé tútù, àgbàdo ofeefee).",
    },
  ],
};
